import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ExternalAssetSchema } from './asset-schemas.ts';
import { CreateChartSchema } from './chart-schemas.ts';
import { formBool, formInt, isHttpUrl, isSafeLink, tagsField } from './fields.ts';

describe('form-friendly fields', () => {
  it('reads booleans from JSON and from form strings', () => {
    const s = z.object({ f: formBool('f') });
    expect(s.parse({ f: 'true' }).f).toBe(true);
    expect(s.parse({ f: 'off' }).f).toBe(false);
    expect(s.parse({ f: false }).f).toBe(false);
    expect(s.safeParse({ f: 'maybe' }).error?.issues[0]?.message).toBe('f must be true or false');
  });

  it('reads whole numbers in range', () => {
    const s = z.object({ n: formInt('bad', 1, 5) });
    expect(s.parse({ n: '4' }).n).toBe(4);
    expect(s.parse({ n: '' }).n).toBeUndefined();
    for (const n of ['0', '6', '2.5', 'x', 2.5]) expect(s.safeParse({ n }).success).toBe(false);
  });

  it('reads tags as arrays, JSON text or comma lists', () => {
    const s = z.object({ tags: tagsField });
    expect(s.parse({ tags: 'Kata, kumite,,kata' }).tags).toEqual(['kata', 'kumite']);
    expect(s.parse({ tags: '["A","b"]' }).tags).toEqual(['a', 'b']);
    expect(s.parse({ tags: ['x', 'y'] }).tags).toEqual(['x', 'y']);
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

describe('schemas with the spec messages', () => {
  it('checks chart title, alt and description', () => {
    const msg = (v: unknown) => CreateChartSchema.safeParse(v).error?.issues[0]?.message;
    expect(msg({ alt: 'a' })).toBe('Title is required');
    expect(msg({ title: 't' })).toBe('Alt text is required');
    expect(msg({ title: 'x'.repeat(201), alt: 'a' })).toBe('Title must be at most 200 characters');
    expect(msg({ title: 't', alt: 'a', description: 'd'.repeat(1001) })).toBe('Description must be at most 1000 characters');
  });

  it('needs an external link and an image/video media type per asset', () => {
    expect(ExternalAssetSchema.safeParse({ mediaType: 'image' }).error?.issues[0]?.message).toBe('External URL link is required');
    expect(ExternalAssetSchema.safeParse({ externalUrlLink: 'https://x.example', mediaType: 'gif' }).error?.issues[0]?.message).toBe(
      'Media type must be image or video',
    );
  });
});
