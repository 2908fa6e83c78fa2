/** The part of the Barcode Detection API the kiosk uses. */
export type QrDetector = { detect(source: ImageBitmapSource): Promise<{ rawValue: string }[]> };

type NativeDetectorClass = {
  new (options: { formats: string[] }): QrDetector;
  getSupportedFormats(): Promise<string[]>;
};

type PonyfillModule = typeof import('./qr-ponyfill.ts');

/** The browser's own detector when it reads QR codes (Chrome on Android, macOS, ChromeOS), else the ZXing ponyfill, loaded only then. */
export async function qrDetector(): Promise<QrDetector> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  try {
    if (Native && (await Native.getSupportedFormats()).includes('qr_code')) return new Native({ formats: ['qr_code'] });
  } catch {
    /* a detector that cannot list its formats is not trusted: the ponyfill reads instead */
  }
  // Vite makes this a lazy chunk; the Worker's bundler (it renders the page and cannot load the reader's
  // `.wasm?url`) leaves `import.meta.glob` alone, as it does the island loader's. Never reached on the server.
  const load = Object.values(import.meta.glob<PonyfillModule>('./qr-ponyfill.ts'))[0];
  if (!load) throw new Error('The QR reader is missing from this build');
  return (await load()).ponyfillQrDetector();
}
