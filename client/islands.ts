import type { ComponentType } from 'react';

type IslandModule = { default: ComponentType<never> };

/** Every island file, as Vite's lazy imports: one chunk per island. */
const files = import.meta.glob<IslandModule>(['./islands/*.tsx', '!./islands/*.test.tsx']);

/**
 * The island registry, made from the files: client/islands/<name>.tsx is the island `name`, loaded
 * when a page first needs it. Each file default-exports its component and names itself with its
 * file name through defineIsland(); client/islands.test.ts checks the two agree.
 */
export const islands: Record<string, () => Promise<IslandModule>> = Object.fromEntries(
  Object.entries(files).map(([path, load]) => [path.replace(/^\.\/islands\/|\.tsx$/g, ''), load]),
);
