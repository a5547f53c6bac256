/**
 * The name of every Durable Object (rate limits, streams per account, seats per show) goes through
 * `objectName`, so that one place decides where an object lives. In production the name is the key
 * itself. The unit tests share one runtime among many test files (vitest.config.ts): each file sets
 * a scope of its own (worker/test/setup.ts), and a file never meets the objects an earlier file
 * filled, whatever those objects still hold in memory.
 */
let scope = '';

export const objectName = (name: string): string => (scope ? `${scope}/${name}` : name);

/** Test setup only: the prefix of every object name from now on. */
export function scopeObjectNames(prefix: string): void {
  scope = prefix;
}
