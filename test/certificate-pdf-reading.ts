/**
 * Reads a certificate PDF back from its drawing operators (no renderer needed, runs in Node and workerd):
 * the text it shows and the QR code's modules, so tests check what is drawn, not what was meant.
 */
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from '@pdfme/pdf-lib';

async function pageOperators(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const contents = doc.getPage(0).node.Contents();
  const refs = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  return refs
    .map((ref) => doc.context.lookup(ref))
    .map((stream) => (stream instanceof PDFRawStream ? new TextDecoder('latin1').decode(decodePDFRawStream(stream).decode()) : ''))
    .join('\n');
}

/** Every string the page shows (`<hex> Tj`), decoded as WinAnsi (Latin-1 for the letters names use). */
export async function pdfTexts(bytes: Uint8Array): Promise<string[]> {
  const ops = await pageOperators(bytes);
  return [...ops.matchAll(/<([0-9A-Fa-f]*)> Tj/g)].map((m) =>
    String.fromCharCode(...(m[1]!.match(/../g) ?? []).map((h) => parseInt(h, 16))),
  );
}

/**
 * The QR code as drawn: the `re` rectangles (module units) turned back into a square grid of booleans,
 * quiet zone included (the symbol starts 4 modules in), row 0 at the top.
 */
export async function pdfQrModules(bytes: Uint8Array): Promise<boolean[][]> {
  const ops = await pageOperators(bytes);
  const rects = [...ops.matchAll(/^(\S+) (\S+) (\S+) (\S+) re$/gm)].map(
    (m) => m.slice(1, 5).map(Number) as [number, number, number, number],
  );
  if (!rects.length) throw new Error('no QR rectangles in the PDF');
  const modules = Math.max(...rects.map(([x, , w]) => x + w)) + 4;
  const grid = Array.from({ length: modules }, () => Array<boolean>(modules).fill(false));
  for (const [x, y, w, h] of rects)
    for (let row = modules - y - h; row < modules - y; row++) for (let col = x; col < x + w; col++) grid[row]![col] = true;
  return grid;
}

/** The grid as RGBA pixels (`scale` pixels a module), black on white, for a QR reader. */
export function modulesToImage(grid: boolean[][], scale = 8) {
  const size = grid.length * scale;
  const data = new Uint8ClampedArray(size * size * 4).fill(255);
  for (let py = 0; py < size; py++)
    for (let px = 0; px < size; px++)
      if (grid[Math.floor(py / scale)]![Math.floor(px / scale)]) data.fill(0, (py * size + px) * 4, (py * size + px) * 4 + 3);
  return { data, width: size, height: size };
}
