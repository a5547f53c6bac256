import { afterEach, beforeEach } from 'vitest';

/** A Map-backed localStorage for the duration of each test (workerd has none). */
export function useMemoryStorage(): void {
  beforeEach(() => {
    const items = new Map<string, string>();
    const storage = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, String(value)),
      removeItem: (key: string) => void items.delete(key),
      clear: () => items.clear(),
    };
    Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true, writable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'localStorage');
  });
}
