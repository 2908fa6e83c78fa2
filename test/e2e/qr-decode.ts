import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import type { Locator } from 'playwright-core';

// The ponyfill reads the bounding box into a DOMRectReadOnly, which Node lacks.
globalThis.DOMRectReadOnly ??= class {
  constructor(x = 0, y = 0, width = 0, height = 0) {
    Object.assign(this, { x, y, width, height, top: y, left: x, right: x + width, bottom: y + height });
  }
} as unknown as typeof DOMRectReadOnly;

let prepared = false;

/** What a QR code on the page says, read from a screenshot of it by the BarcodeDetector ponyfill (zxing-wasm, loaded from disk). */
export async function decodeQr(element: Locator): Promise<string[]> {
  if (!prepared) {
    const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
    prepareZXingModule({
      overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
      fireImmediately: true,
    });
    prepared = true;
  }
  const png = await element.screenshot();
  const found = await new BarcodeDetector({ formats: ['qr_code'] }).detect(new Blob([new Uint8Array(png)], { type: 'image/png' }));
  return found.map((b) => b.rawValue);
}
