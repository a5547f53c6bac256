import { describe, expect, it } from 'vitest';
import { parsePatronCsv, PatronCsvError } from '../../worker/api/libraries/patrons/patron-csv';

/** The patron CSV as scripts/admin/library-patrons.ts reads it (worker/api/libraries/patrons/patron-csv.ts). */
describe('library-patrons import: the CSV', () => {
  it('reads the header, quoted fields (commas, doubled quotes, line breaks), CRLF and a BOM', () => {
    const csv = '\uFEFFcard_number,pin,name,valid_until,blocked\r\n100200300,4321,Salma Bennani,2027-12-31,0\r\n"100200301","0000","Bennani, ""Youssef""\nannexe",,yes\r\n\r\n';
    const { rows, refused } = parsePatronCsv(csv);
    expect(refused).toEqual([]);
    expect(rows).toEqual([
      { line: 2, card_number: '100200300', pin: '4321', name: 'Salma Bennani', valid_until: '2027-12-31', blocked: false },
      { line: 3, card_number: '100200301', pin: '0000', name: 'Bennani, "Youssef"\nannexe', valid_until: null, blocked: true },
    ]);
  });

  it('takes the columns in any order', () => {
    const { rows } = parsePatronCsv('name,blocked,pin,card_number,valid_until\nSalma,,4321,100200300,\n');
    expect(rows[0]).toMatchObject({ card_number: '100200300', pin: '4321', name: 'Salma', blocked: false, valid_until: null });
  });

  it('refuses rows with wrong values, with their line numbers, and imports the others', () => {
    const csv = [
      'card_number,pin,name,valid_until,blocked',
      '100200300,4321,Salma,2027-12-31,0',
      ',4321,No card,,0',
      '100200302,12,Short PIN,,0',
      '100200303,4321,Bad date,2027-02-30,0',
      '100200304,4321,Bad blocked,,maybe',
      '100 200,4321,Space in card,,0',
      '100200300,5555,Twice,,0',
      '100200305,4321,Fine,,1',
    ].join('\n');
    const { rows, refused } = parsePatronCsv(csv);
    expect(rows.map((r) => r.card_number)).toEqual(['100200300', '100200305']);
    expect(refused.map((r) => [r.line, r.reason])).toEqual([
      [3, 'card_number is empty'],
      [4, 'pin is shorter than 4 characters'],
      [5, 'valid_until is not a real date'],
      [6, 'blocked is 1/0, yes/no, true/false or empty'],
      [7, 'card_number may only hold letters, digits, dot, dash and underscore'],
      [8, 'card_number already on line 2'],
    ]);
  });

  it('refuses a malformed file whole', () => {
    const bad = (csv: string, why: RegExp) => {
      expect(() => parsePatronCsv(csv)).toThrow(PatronCsvError);
      expect(() => parsePatronCsv(csv)).toThrow(why);
    };
    bad('', /empty/);
    bad('card_number,pin,name,valid_until,blocked\n', /no patrons/);
    bad('card,pin,name,valid_until,blocked\n1,4321,,,\n', /missing: card_number.*unknown: card/);
    bad('card_number,pin,name,valid_until,blocked\n100,4321,Salma\n', /line 2: 3 fields, the header has 5/);
    bad('card_number,pin,name,valid_until,blocked\n100,4321,"Salma,,\n', /line 2: a quoted field is never closed/);
    bad('card_number,pin,name,valid_until,blocked\n100,4321,Sal"ma,,\n', /line 2: a quote inside an unquoted field/);
    bad('card_number,pin,name,valid_until,blocked\n100,4321,"Salma" B,,\n', /line 2: text after a closing quote/);
  });
});
