import { describe, expect, it } from 'vitest';
import { documentsProblem, percentOf } from './enrollment-upload.ts';

const file = (name: string, type: string, size: number) => ({ name, type, size });
const MB = 1024 * 1024;

describe('documentsProblem', () => {
  it('lets up to 5 pdf, jpg, png and webp files of at most 10 MB go', () => {
    expect(documentsProblem([])).toBeNull();
    expect(
      documentsProblem([
        file('a.pdf', 'application/pdf', 10 * MB),
        file('b.jpg', 'image/jpeg', 1),
        file('c.png', 'image/png', 1),
        file('d.webp', 'image/webp', 1),
        file('e.PDF', '', 5),
      ]),
    ).toBeNull();
  });

  it('refuses a sixth document, another type, an empty file and one over 10 MB, naming the file', () => {
    const six = Array.from({ length: 6 }, (_, i) => file(`${i}.pdf`, 'application/pdf', 1));
    expect(documentsProblem(six)).toBe('Please choose at most 5 documents.');
    expect(documentsProblem([file('cv.docx', 'application/vnd.openxmlformats', 10)])).toBe('cv.docx is not a PDF, JPG, PNG or WebP file.');
    expect(documentsProblem([file('x.pdf', 'image/gif', 10)])).toBe('x.pdf is not a PDF, JPG, PNG or WebP file.');
    expect(documentsProblem([file('blank.pdf', 'application/pdf', 0)])).toBe('blank.pdf is empty.');
    expect(documentsProblem([file('big.pdf', 'application/pdf', 10 * MB + 1)])).toBe('big.pdf is larger than 10 MB.');
  });
});

describe('percentOf', () => {
  it('gives whole percents, never above 100, and 0 when the size is unknown', () => {
    expect(percentOf(0, 200)).toBe(0);
    expect(percentOf(199, 200)).toBe(99);
    expect(percentOf(200, 200)).toBe(100);
    expect(percentOf(300, 200)).toBe(100);
    expect(percentOf(5, 0)).toBe(0);
  });
});
