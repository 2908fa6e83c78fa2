import { describe, expect, it } from 'vitest';
import { importFormatOf, parseAssetImport } from './asset-import.ts';
import { csvRecords, parseCsv } from './csv.ts';

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

describe('parseAssetImport', () => {
  it('reads a JSON array, an {assets} object, or a CSV with asset columns', () => {
    expect(parseAssetImport('[{"a":1}]', 'json')).toEqual([{ a: 1 }]);
    expect(parseAssetImport('{"assets":[1]}', 'json')).toEqual([1]);
    expect(parseAssetImport('{"nope":1}', 'json')).toBeNull();
    expect(parseAssetImport('not json', 'json')).toBeNull();
    expect(parseAssetImport('mediaType\nimage', 'csv')).toEqual([{ mediaType: 'image' }]);
    expect(parseAssetImport('foo,bar\n1,2', 'csv')).toBeNull();
  });

  it('knows the format by name or declared type', () => {
    expect(importFormatOf('a.JSON', '')).toBe('json');
    expect(importFormatOf('x', 'application/json')).toBe('json');
    expect(importFormatOf('a.csv', '')).toBe('csv');
    expect(importFormatOf('a.png', 'image/png')).toBeNull();
  });
});
