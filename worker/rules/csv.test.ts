import { describe, expect, it } from 'vitest';
import { csvField, csvFile } from './csv';

describe('CSV (RFC 4180)', () => {
  it('quotes fields with separators, quotes, line breaks, semicolons and apostrophes, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField(null)).toBe('');
  });

  it('defuses texts a spreadsheet would run as formulas, and leaves numbers alone', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+212600000000')).toBe(`"'+212600000000"`);
    expect(csvField('@cmd')).toBe(`"'@cmd"`);
    expect(csvField(-42)).toBe('-42');
  });

  it('writes a header and rows, each line ended by CRLF', () => {
    expect(csvFile(['a', 'b'], [[1, 'x'], [2, null]])).toBe('a,b\r\n1,x\r\n2,\r\n');
  });
});
