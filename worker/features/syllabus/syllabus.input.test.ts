import { describe, expect, it } from 'vitest';
import { formToObject } from '#worker/lib/body.ts';
import { linksFromForm } from './syllabus.input.ts';

const form = (entries: [string, string][]) => {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return formToObject(f).externalLinks;
};

describe('linksFromForm', () => {
  it('reads the bracket syntax in index order and closes gaps', () => {
    const links = linksFromForm(
      form([
        ['title', 'Kata'],
        ['externalLinks[3][url]', 'https://b.example/'],
        ['externalLinks[0][title]', 'Heian Shodan'],
        ['externalLinks[0][url]', 'https://a.example/video'],
        ['externalLinks[0][type]', 'video'],
        ['externalLinks[3][title]', 'Notes'],
      ]),
    );
    expect(links).toEqual([
      { title: 'Heian Shodan', url: 'https://a.example/video', type: 'video' },
      { title: 'Notes', url: 'https://b.example/', type: expect.any(String) },
    ]);
  });

  it('reads a JSON list, treats "" as an empty list and says undefined when links are absent', () => {
    expect(linksFromForm(form([['externalLinks', '[{"url":"https://x.example"}]']]))).toEqual([
      { title: 'https://x.example/', url: 'https://x.example/', type: 'other' },
    ]);
    expect(linksFromForm(form([['externalLinks', '']]))).toEqual([]);
    expect(linksFromForm(form([['title', 'x']]))).toBeUndefined();
  });
});
