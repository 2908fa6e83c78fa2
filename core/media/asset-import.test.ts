import { describe, expect, it } from 'vitest';
import { importFormatOf, parseAssetImport } from './asset-import.ts';

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
