/**
 * A condition's positional `?` placeholders numbered in order from `first` (?5, ?6…), so it can close
 * a statement whose own parameters are numbered ?1…?{first - 1}.
 */
export function numberedFrom(sql: string, first: number): string {
  let next = first;
  return sql.replace(/\?(?!\d)/g, () => `?${next++}`);
}
