/**
 * CSV (RFC 4180) as every download writes it (the account's data, librarians' usage, the back office's
 * exports): CRLF line ends; a field quoted when it holds a comma, quote, line break, semicolon or
 * apostrophe (spreadsheets that split on semicolons keep it whole); a text starting with = + - @ or
 * a tab defused against formula injection with a leading apostrophe (numbers are left as they are).
 */
export type CsvValue = string | number | null;

export function csvField(value: CsvValue): string {
  let text = value === null ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;']/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (fields: readonly CsvValue[]): string => fields.map(csvField).join(',');

/** A whole file: the header line, then one line per row, each ended by CRLF. */
export const csvFile = (header: readonly string[], rows: readonly (readonly CsvValue[])[]): string =>
  [header, ...rows].map((fields) => `${csvLine(fields)}\r\n`).join('');
