import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import zxingReaderWasm from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { QrDetector } from './qr-detector.ts';

/**
 * ZXing's reader in WebAssembly (barcode-detector's ponyfill), its .wasm served from this site's own
 * build (never the CDN the library defaults to, so it loads offline and under our CSP). The module is
 * set before the detector is made: its constructor instantiates ZXing with the overrides of that moment.
 */
export async function ponyfillQrDetector(): Promise<QrDetector> {
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? zxingReaderWasm : prefix + path) },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}
