import type { PDFFont } from '@pdfme/pdf-lib';

/**
 * Text for the PDFs drawn with pdf-lib's standard fonts (certificates, signed waivers): what a WinAnsi
 * font can print, lines wrapped to a width, and a small Markdown reading for documents written in Markdown.
 */

/** Letters with no Unicode decomposition to a Latin base. */
const BASE_LETTERS: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŧ: 'T', ŧ: 't' };

/** Text a standard font can encode (WinAnsi): accents kept where it has them, else stripped, else '?'. */
export function printable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text.normalize('NFC')]
    .map((ch) => {
      if (known.has(ch.codePointAt(0)!)) return ch;
      const bare = (BASE_LETTERS[ch] ?? ch).normalize('NFKD').replace(/\p{M}/gu, '');
      return [...bare].every((c) => known.has(c.codePointAt(0)!)) && bare ? bare : '?';
    })
    .join('');
}

/** Words laid into lines no wider than `maxWidth` (a word longer than a line is cut). */
export function wrapText(font: PDFFont, text: string, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  const width = (s: string) => font.widthOfTextAtSize(s, size);
  for (const raw of printable(font, text).split(/\s+/).filter(Boolean)) {
    let word = raw;
    while (width(word) > maxWidth) {
      let cut = word.length - 1;
      while (cut > 1 && width(word.slice(0, cut)) > maxWidth) cut--;
      if (line) lines.push(line);
      lines.push(word.slice(0, cut));
      line = '';
      word = word.slice(cut);
    }
    const next = line ? `${line} ${word}` : word;
    if (width(next) > maxWidth && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

export type TextBlock = { kind: 'heading' | 'paragraph' | 'item'; level: number; text: string; marker?: string };

/** Inline Markdown to plain words: emphasis and code marks dropped, a link as "text (url)". */
const inline = (s: string) =>
  s
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, '$1 ($2)')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(\*|_)(.+?)\1/g, '$2')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\\([\\`*_{}[\]()#+\-.!])/g, '$1');

/** Markdown read as headings, paragraphs and list items: enough to print a legal text faithfully, no HTML. */
export function markdownBlocks(markdown: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', level: 0, text: inline(paragraph.join(' ')) });
    paragraph = [];
  };
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const heading = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    const item = /^(\s*)([-*+]|\d+[.)])\s+(.*)$/.exec(line);
    if (!line.trim()) flush();
    else if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1]!.length, text: inline(heading[2]!) });
    } else if (item) {
      flush();
      const marker = /\d/.test(item[2]!) ? item[2]! : '•';
      blocks.push({ kind: 'item', level: Math.min(3, Math.floor(item[1]!.length / 2)), text: inline(item[3]!), marker });
    } else if (blocks.at(-1)?.kind === 'item' && !paragraph.length && /^\s{2,}/.test(line)) {
      const last = blocks.at(-1)!;
      last.text = `${last.text} ${inline(line.trim())}`;
    } else paragraph.push(line.trim());
  }
  flush();
  return blocks;
}

/** The SHA-256 of some bytes in hex (a PDF's, as shown to whoever checks it). */
export async function bytesSha256(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
