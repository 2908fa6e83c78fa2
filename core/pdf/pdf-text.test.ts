import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from '@pdfme/pdf-lib';
import { markdownBlocks, wrapText } from './pdf-text.ts';

describe('markdownBlocks', () => {
  it('reads headings, paragraphs and list items, with inline marks dropped and links spelled out', () => {
    expect(markdownBlocks('# Title\n\nI **agree** to\nthe [rules](https://x.example).\n\n- one\n  continued\n1. two\n')).toEqual([
      { kind: 'heading', level: 1, text: 'Title' },
      { kind: 'paragraph', level: 0, text: 'I agree to the rules (https://x.example).' },
      { kind: 'item', level: 0, text: 'one continued', marker: '•' },
      { kind: 'item', level: 0, text: 'two', marker: '1.' },
    ]);
  });
});

describe('wrapText', () => {
  it('keeps every line within the width and every word, cutting only a word longer than a line', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const text = `The student trains at their own risk ${'x'.repeat(120)} and tells the instructor about any injury.`;
    const lines = wrapText(font, text, 10, 200);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(200);
    expect(lines.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
  });
});
