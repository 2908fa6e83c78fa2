import { describe, expect, it } from 'vitest';
import { externalLinksFromEntries } from './external-links.ts';
import { ExternalLinksInput } from './syllabus-input.ts';

describe('externalLinksFromEntries', () => {
  it('reads the bracket syntax in index order and closes gaps', () => {
    const links = externalLinksFromEntries([
      ['title', 'Kata'],
      ['externalLinks[3][url]', 'https://b.example/'],
      ['externalLinks[0][title]', 'Heian Shodan'],
      ['externalLinks[0][url]', 'https://a.example/video'],
      ['externalLinks[0][type]', 'video'],
      ['externalLinks[3][title]', 'Notes'],
      ['externalLinks[3][evil]', 'x'],
    ]);
    expect(links).toEqual([
      { title: 'Heian Shodan', url: 'https://a.example/video', type: 'video' },
      { url: 'https://b.example/', title: 'Notes' },
    ]);
  });

  it('reads a JSON list, treats "" as an empty list and says undefined when links are absent', () => {
    expect(externalLinksFromEntries([['externalLinks', '[{"url":"https://x.example"}]']])).toEqual([{ url: 'https://x.example' }]);
    expect(externalLinksFromEntries([['externalLinks', '']])).toEqual([]);
    expect(externalLinksFromEntries([['title', 'x']])).toBeUndefined();
  });

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
