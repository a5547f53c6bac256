/**
 * Reads the code references of docs/spec-map.md: in every table row, each cell's backticked repository
 * paths, each followed by the backticked names that must occur in that file (`path` `name` `name`).
 * Backticked words before a cell's first path (the spec's own words) are not references.
 */

/** One file a row points at, and the names the row says it holds. */
export type Reference = { line: number; path: string; names: string[] };

/** A repository path as the map writes it: a file under one of the project's folders, or a root file. */
const PATH = /^(?:(?:worker|client|scripts|locales|e2e|docs|public)\/[\w./[\]-]+\.[a-z]+|wrangler\.toml|package\.json|README\.md)$/;

export const isRepoPath = (token: string): boolean => PATH.test(token);

const isSeparator = (line: string): boolean => /^\|(?:\s*:?-{3,}:?\s*\|)+\s*$/.test(line);

/** The body rows of the document's tables (header and separator rows left out), with their line numbers. */
export function tableRows(markdown: string): { line: number; cells: string[] }[] {
  const lines = markdown.split('\n');
  const rows: { line: number; cells: string[] }[] = [];
  lines.forEach((text, index) => {
    const line = text.trim();
    if (!line.startsWith('|') || isSeparator(line)) return;
    // A header row is the one right above a separator.
    if (isSeparator((lines[index + 1] ?? '').trim())) return;
    rows.push({ line: index + 1, cells: line.replace(/^\||\|$/g, '').split('|') });
  });
  return rows;
}

/**
 * Every reference of every table row, in document order. A path's names are the backticked words
 * right after it, separated by commas or spaces only: other text ends the list (`path` (its `x`
 * rule) names no `x`: a stylesheet, which the tests cannot read, is only checked to exist).
 */
export function references(markdown: string): Reference[] {
  const found: Reference[] = [];
  for (const { line, cells } of tableRows(markdown)) {
    for (const cell of cells) {
      let current: Reference | null = null;
      let end = 0;
      for (const match of cell.matchAll(/`([^`]+)`/g)) {
        const token = match[1] ?? '';
        const start = match.index ?? 0;
        const between = cell.slice(end, start);
        end = start + match[0].length;
        if (isRepoPath(token)) {
          current = { line, path: token, names: [] };
          found.push(current);
        } else if (current && /^[\s,]*$/.test(between)) {
          current.names.push(token);
        } else {
          current = null;
        }
      }
    }
  }
  return found;
}

/** What does not hold: a path that is not a file of the repository, or a name its file does not contain. */
export function problems(refs: readonly Reference[], files: Readonly<Record<string, string>>): string[] {
  const out: string[] = [];
  for (const { line, path, names } of refs) {
    const text = files[path];
    if (text === undefined) {
      out.push(`line ${line}: ${path} does not exist`);
      continue;
    }
    for (const name of names) if (!text.includes(name)) out.push(`line ${line}: ${path} does not contain ${name}`);
  }
  return out;
}
