// CSV cells (worker/lib/csv.ts): RFC 4180 quoting, and formula escaping so a subscriber's name
// cannot run as a formula in the spreadsheet a writer opens the export in.
import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument } from '../../../worker/lib/csv.ts';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['Ada Lovelace', 'Ada Lovelace'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("http://evil.example","click")', `"'=HYPERLINK(""http://evil.example"",""click"")"`],
    ['+1 555', "'+1 555"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTab', "'\tTab"],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('leaves numbers and empty values alone', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('joins rows with CRLF', () => {
    expect(csvDocument([['a', 'b'], ['1', '=2']])).toBe("a,b\r\n1,'=2\r\n");
  });
});
