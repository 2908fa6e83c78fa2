import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstOf, flag, isoDateTime, moneyCents, optionalText, wholeNumber } from './fields.ts';
import { isHttpUrl, isSafeLink } from './link-fields.ts';
import { tagsField, textList } from './list-fields.ts';

describe('field builders', () => {
  it('reads money as decimals (numbers or text) into integer cents', () => {
    const m = moneyCents('Price');
    expect(m.parse(49.99)).toBe(4999);
    expect(m.parse('49.99')).toBe(4999);
    expect(m.parse(0.1 + 0.2)).toBe(30);
    expect(m.safeParse('12abc').success).toBe(false);
    expect(m.safeParse(-0.01).error?.issues[0]?.message).toBe('Price must be 0 or more');
  });

  it('reads booleans, lists and optional text from JSON and from forms', () => {
    expect(flag('F').parse('on')).toBe(true);
    expect(flag('F').parse('false')).toBe(false);
    expect(flag('F').safeParse('maybe').success).toBe(false);
    expect(textList('H', 3, 10).parse('a\n\nb\n')).toEqual(['a', 'b']);
    expect(textList('H', 3, 10).parse('["a","b"]')).toEqual(['a', 'b']);
    expect(textList('H', 1, 10).safeParse(['a', 'b']).error?.issues[0]?.message).toBe('H can have at most 1 items');
    expect(optionalText('D', 5).parse('   ')).toBeNull();
    expect(optionalText('D', 5).parse(undefined)).toBeUndefined();
  });

  it('accepts real ISO dates only', () => {
    const d = isoDateTime('Start date');
    expect(d.parse('2030-05-01T18:00:00Z').toISOString()).toBe('2030-05-01T18:00:00.000Z');
    expect(d.parse('2030-05-01T18:00').toISOString()).toBe('2030-05-01T18:00:00.000Z');
    expect(d.parse('2030-05-01T18:00:00+02:00').toISOString()).toBe('2030-05-01T16:00:00.000Z');
    for (const bad of ['2030-02-30', '2030-13-01', '2030-05-01T24:00', 'tomorrow', '1999-12-31', '2030/05/01'])
      expect(d.safeParse(bad).success, bad).toBe(false);
  });

  it('reads booleans from JSON and from form strings', () => {
    const s = z.object({ f: firstOf(flag('f')).optional() });
    expect(s.parse({ f: 'true' }).f).toBe(true);
    expect(s.parse({ f: 'off' }).f).toBe(false);
    expect(s.parse({ f: false }).f).toBe(false);
    expect(s.parse({ f: ['on', 'off'] }).f).toBe(true);
    expect(s.safeParse({ f: 'maybe' }).error?.issues[0]?.message).toBe('f must be true or false');
  });

  it('reads whole numbers in range, with one message, from digits only', () => {
    const s = z.object({ n: wholeNumber('N', 1, 5, { message: 'bad', digitsOnly: true }).optional() });
    expect(s.parse({ n: '4' }).n).toBe(4);
    expect(s.parse({ n: ' 4 ' }).n).toBe(4);
    for (const n of ['0', '6', '2.5', 'x', 2.5, '4.0', '1e0']) expect(s.safeParse({ n }).error?.issues[0]?.message).toBe('bad');
  });

  it('reads tags as arrays, JSON text or comma lists', () => {
    const s = z.object({ tags: tagsField });
    expect(s.parse({ tags: 'Kata, kumite,,kata' }).tags).toEqual(['kata', 'kumite']);
    expect(s.parse({ tags: '["A","b"]' }).tags).toEqual(['a', 'b']);
    expect(s.parse({ tags: ['x', 'y'] }).tags).toEqual(['x', 'y']);
    expect(s.parse({ tags: ['a;b|c'] }).tags).toEqual(['a', 'b', 'c']);
    expect(s.safeParse({ tags: { a: 1 } }).success).toBe(false);
  });

  it('accepts only http(s) links (and site paths where allowed)', () => {
    expect(isHttpUrl('https://dojo.example/a')).toBe(true);
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '//evil.example', 'ftp://x', ' https://x'])
      expect(isHttpUrl(bad)).toBe(false);
    expect(isSafeLink('/images/gallery-1.svg')).toBe(true);
    expect(isSafeLink('//evil.example/x')).toBe(false);
    expect(isSafeLink('/\\evil')).toBe(false);
  });
});
