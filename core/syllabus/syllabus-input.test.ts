import { describe, expect, it } from 'vitest';
import { ExternalLinksInput } from './syllabus-input.ts';

describe('ExternalLinksInput', () => {
  it('validates: http(s) only, type from the list, defaults', () => {
    expect(ExternalLinksInput.parse([{ url: ' https://a.example/x ', type: 'Video' }])).toEqual([
      { url: 'https://a.example/x', type: 'video' },
    ]);
    expect(ExternalLinksInput.parse([{ url: 'http://a.example' }])[0]?.type).toBe('other');
    for (const url of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,<b>',
      'ftp://a.example',
      '//a.example',
      'https://a b.example',
      'not a url',
    ]) {
      const r = ExternalLinksInput.safeParse([{ url }]);
      expect(r.success, url).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('External links must be http:// or https:// URLs');
    }
    expect(ExternalLinksInput.safeParse([{ url: 'https://a.example', type: 'podcast' }]).error?.issues[0]?.message).toMatch(
      /^External link type must be one of/,
    );
    expect(ExternalLinksInput.safeParse(['oops']).success).toBe(false);
  });
});
