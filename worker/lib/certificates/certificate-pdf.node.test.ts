import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { correction, generate } from 'lean-qr';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfSha256, renderCertificatePdf, type CertificatePdfInput } from '#core/certificates/certificate-pdf.ts';
import { modulesToImage, pdfQrModules, pdfTexts } from '#test/certificate-pdf-reading.ts';

/** The certificate PDF in Node (the demo seed renders it there), read back with a real QR reader. */
const input: CertificatePdfInput = {
  id: 'k3Jd8s_Qw-1abcdefghijklm',
  origin: 'https://dojo.example/',
  number: 'DOJO-2026-000123',
  schoolName: 'Osu Karate Dojo',
  holderName: 'Zoë Łukasiewicz',
  rankName: 'Orange belt',
  programName: 'Karate',
  issuedOn: '2026-10-20',
  examiners: [
    { name: 'Grace Master', role: 'head', rank: '7th Dan' },
    { name: 'Ian Structor', role: 'panel', rank: null },
  ],
};
const URL = 'https://dojo.example/verify/k3Jd8s_Qw-1abcdefghijklm';

beforeAll(() => {
  const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
  prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) } });
});

describe('renderCertificatePdf', () => {
  it('is a PDF, and the same input gives the same bytes', async () => {
    const a = await renderCertificatePdf(input);
    const b = await renderCertificatePdf({ ...input, examiners: [...input.examiners] });
    expect(new TextDecoder().decode(a.slice(0, 5))).toBe('%PDF-');
    expect(await pdfSha256(a)).toBe(await pdfSha256(b));
    expect(await pdfSha256(await renderCertificatePdf({ ...input, rankName: 'Green belt' }))).not.toBe(await pdfSha256(a));
  });

  it('shows the school, holder, rank, program, date, examiners, number and the verify address', async () => {
    const text = (await pdfTexts(await renderCertificatePdf(input))).join('\n');
    for (const part of [
      'Osu Karate Dojo',
      'Zoë Lukasiewicz',
      'Orange belt',
      'in Karate, on 20 October 2026',
      'Grace Master',
      'Ian Structor',
      'DOJO-2026-000123',
      URL,
    ])
      expect(text).toContain(part);
  });

  it('draws a QR code that a reader decodes to the verify address', async () => {
    const grid = await pdfQrModules(await renderCertificatePdf(input));
    const found = await readBarcodes(modulesToImage(grid) as unknown as ImageData, { formats: ['QRCode'], tryHarder: true });
    expect(found.map((b) => b.text)).toEqual([URL]);
    // the drawn modules are lean-qr's matrix, module for module
    const code = generate(URL, { minCorrectionLevel: correction.M });
    expect(grid.length).toBe(code.size + 8);
    expect(grid[4]!.slice(4, 4 + code.size)).toEqual(Array.from({ length: code.size }, (_, x) => code.get(x, 0)));
  });

  it('embeds a PNG logo deterministically and leaves out a format it cannot embed', async () => {
    // a 1×1 red PNG
    const png = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC'), (c) =>
      c.charCodeAt(0),
    );
    const a = await renderCertificatePdf({ ...input, logo: png });
    expect(await pdfSha256(a)).toBe(await pdfSha256(await renderCertificatePdf({ ...input, logo: png })));
    expect(new TextDecoder('latin1').decode(a)).toContain('/Subtype /Image');
    const webp = new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 ');
    expect(await pdfSha256(await renderCertificatePdf({ ...input, logo: webp }))).toBe(await pdfSha256(await renderCertificatePdf(input)));
  });
});
