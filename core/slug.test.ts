import { describe, expect, it } from 'vitest';
import { nextFreeSlug, SLUG_PATTERN, slugify } from './slug.ts';

describe('slugify', () => {
  it('makes lower-case ASCII slugs joined by single hyphens', () => {
    expect(slugify('Grading Day — What to Expect!')).toBe('grading-day-what-to-expect');
    expect(slugify('Café & Kata: Ōsu')).toBe('cafe-and-kata-osu');
    expect(slugify('   ')).toBe('post');
    expect(slugify('空手')).toBe('post');
    expect(slugify('a'.repeat(100))).toHaveLength(80);
    for (const title of ['Grading Day!', '--x--', 'a b  c', `${'word '.repeat(30)}`]) expect(slugify(title)).toMatch(SLUG_PATTERN);
  });

  it('finds the next free slug', () => {
    expect(nextFreeSlug('camp', [])).toBe('camp');
    expect(nextFreeSlug('camp', ['camp', 'camp-2', 'camp-4'])).toBe('camp-3');
  });
});
