import { describe, expect, it } from 'vitest';
import { csvCell, csvRecords, parseCsv, toCsv } from './csv.ts';

describe('parseCsv', () => {
  it('reads quoted fields, doubled quotes, CRLF and LF, and skips blank lines', () => {
    expect(parseCsv('\uFEFFa,b,c\r\n"x, y","say ""hi""",\n\n1,2,3')).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', ''],
      ['1', '2', '3'],
    ]);
    expect(parseCsv('"multi\nline",z')).toEqual([['multi\nline', 'z']]);
  });

  it('maps rows by the header, leaving out empty cells', () => {
    expect(csvRecords('externalUrlLink,mediaType,title\nhttps://a.example/x.jpg,image,\n')).toEqual([
      { externalUrlLink: 'https://a.example/x.jpg', mediaType: 'image' },
    ]);
    expect(csvRecords('')).toEqual([]);
  });
});

describe('toCsv', () => {
  it('writes a header row and CRLF rows behind a UTF-8 BOM', () => {
    expect(
      toCsv(
        ['Name', 'Attended'],
        [
          ['Aiko Tanaka', 3],
          ['Zoë Ng', 0],
        ],
      ),
    ).toBe('\uFEFFName,Attended\r\nAiko Tanaka,3\r\nZoë Ng,0\r\n');
  });

  it('quotes commas, quotes and line breaks (RFC 4180), leaving empty cells empty', () => {
    expect(csvCell('Tanaka, Aiko')).toBe('"Tanaka, Aiko"');
    expect(csvCell('say "osu"')).toBe('"say ""osu"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
  });

  it('escapes text that a spreadsheet would run as a formula, but not numbers', () => {
    expect(['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '=HYPERLINK("http://x","y")'].map(csvCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
      `"'=HYPERLINK(""http://x"",""y"")"`,
    ]);
    expect(csvCell(-2)).toBe('-2');
    expect(csvCell(0.5)).toBe('0.5');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('reads back what it writes', () => {
    const rows = [
      ['x, "y"', 'multi\nline', '=cmd'],
      ['', 'plain', '42'],
    ];
    expect(parseCsv(toCsv(['a', 'b', 'c'], rows))).toEqual([
      ['a', 'b', 'c'],
      ['x, "y"', 'multi\nline', "'=cmd"],
      ['', 'plain', '42'],
    ]);
  });
});
