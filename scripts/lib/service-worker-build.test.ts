import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precacheLists, type BuiltFile } from './service-worker-build.ts';

let pub: string;
beforeEach(() => {
  pub = mkdtempSync(join(tmpdir(), 'sw-public-'));
  mkdirSync(join(pub, 'icons'));
  writeFileSync(join(pub, 'favicon.svg'), '<svg/>');
  writeFileSync(join(pub, 'icons/icon-192.png'), 'png-1');
});
afterEach(() => rmSync(pub, { recursive: true, force: true }));

const BUILT: BuiltFile[] = [
  {
    fileName: 'assets/client-AbCdEf12.js',
    isEntry: true,
    imports: ['assets/react-11111111.js'],
    dynamicImports: [
      'assets/PanelApp-22222222.js',
      'assets/Checkout-33333333.js',
      'assets/KioskApp-77777777.js',
      'assets/react-dom-66666666.js',
    ],
  },
  { fileName: 'assets/react-dom-66666666.js', facadeModuleId: '/repo/node_modules/react-dom/client.js' },
  { fileName: 'assets/react-11111111.js' },
  {
    fileName: 'assets/PanelApp-22222222.js',
    facadeModuleId: '/repo/web/islands/PanelApp.tsx',
    imports: ['assets/react-11111111.js'],
    dynamicImports: ['assets/orders-screen-44444444.js'],
  },
  { fileName: 'assets/orders-screen-44444444.js', imports: ['assets/list-kit-55555555.js'] },
  { fileName: 'assets/list-kit-55555555.js' },
  { fileName: 'assets/Checkout-33333333.js', facadeModuleId: '/repo/web/islands/Checkout.tsx' },
  {
    fileName: 'assets/KioskApp-77777777.js',
    facadeModuleId: '/repo/web/islands/KioskApp.tsx',
    imports: ['assets/react-11111111.js', 'assets/client-AbCdEf12.js'],
    dynamicImports: ['assets/qr-ponyfill-88888888.js'],
  },
  { fileName: 'assets/qr-ponyfill-88888888.js' },
  { fileName: 'assets/zxing_reader-AbCdEf99.wasm' },
  { fileName: 'assets/site-12345678.css' },
  { fileName: 'manifest.json' },
  { fileName: 'assets/photo-abcdefgh.png' },
];

describe('the precache lists', () => {
  it('precaches the stylesheets, the island loader with its imports and the icons for everyone', () => {
    expect(precacheLists(BUILT, pub).core).toEqual([
      '/assets/client-AbCdEf12.js',
      '/assets/react-11111111.js',
      '/assets/site-12345678.css',
      '/favicon.svg',
      '/icons/icon-192.png',
    ]);
  });

  it("and React, the panel island and every screen it may load once a panel opens, never a public island's chunk", () => {
    expect(precacheLists(BUILT, pub).panel).toEqual([
      '/assets/PanelApp-22222222.js',
      '/assets/list-kit-55555555.js',
      '/assets/orders-screen-44444444.js',
      '/assets/react-dom-66666666.js',
    ]);
  });

  it('and React, the kiosk island, its QR reader and the reader’s WebAssembly once /kiosk opens', () => {
    expect(precacheLists(BUILT, pub).kiosk).toEqual([
      '/assets/KioskApp-77777777.js',
      '/assets/qr-ponyfill-88888888.js',
      '/assets/react-dom-66666666.js',
      '/assets/zxing_reader-AbCdEf99.wasm',
    ]);
  });

  it('gets a new version when a built file or a public file changes, and only then', () => {
    const first = precacheLists(BUILT, pub).version;
    expect(precacheLists([...BUILT].reverse(), pub).version).toBe(first);
    const renamed = BUILT.map((f) => (f.fileName === 'assets/list-kit-55555555.js' ? { fileName: 'assets/list-kit-99999999.js' } : f));
    renamed[3] = { fileName: 'assets/orders-screen-44444444.js', imports: ['assets/list-kit-99999999.js'] };
    expect(precacheLists(renamed, pub).version).not.toBe(first);
    writeFileSync(join(pub, 'icons/icon-192.png'), 'png-2');
    expect(precacheLists(BUILT, pub).version).not.toBe(first);
  });
});
