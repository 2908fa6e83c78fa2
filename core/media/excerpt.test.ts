import { describe, expect, it } from 'vitest';
import { excerptFrom } from './excerpt.ts';

describe('excerptFrom', () => {
  it('drops markdown marks, keeps text, and cuts at a word', () => {
    expect(excerptFrom('# Title\n\n> quoted **bold** [link](https://x.example) ![img](a.png)\n\na < b > c')).toBe(
      'Title quoted bold link a < b > c',
    );
    const long = excerptFrom('word '.repeat(100), 40);
    expect(long.length).toBeLessThanOrEqual(41);
    expect(long.endsWith('word…')).toBe(true);
  });
});
