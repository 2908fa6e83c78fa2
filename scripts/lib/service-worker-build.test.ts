import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precacheList } from './service-worker-build.ts';

let pub: string;
beforeEach(() => {
  pub = mkdtempSync(join(tmpdir(), 'sw-public-'));
  mkdirSync(join(pub, 'icons'));
  writeFileSync(join(pub, 'favicon.svg'), '<svg/>');
  writeFileSync(join(pub, 'icons/icon-192.png'), 'png-1');
});
afterEach(() => rmSync(pub, { recursive: true, force: true }));

const BUILT = ['assets/client-AbCdEf12.js', 'assets/site-12345678.css', 'manifest.json', 'assets/photo-abcdefgh.png'];

describe('the precache list', () => {
  it("lists the build's scripts and stylesheets and the public icons, as root paths", () => {
    expect(precacheList(BUILT, pub).files).toEqual([
      '/assets/client-AbCdEf12.js',
      '/assets/site-12345678.css',
      '/favicon.svg',
      '/icons/icon-192.png',
    ]);
  });

  it('gets a new version when a built file or a public file changes, and only then', () => {
    const first = precacheList(BUILT, pub).version;
    expect(precacheList([...BUILT].reverse(), pub).version).toBe(first);
    expect(precacheList(['assets/client-ZzZzZz99.js', ...BUILT.slice(1)], pub).version).not.toBe(first);
    writeFileSync(join(pub, 'icons/icon-192.png'), 'png-2');
    expect(precacheList(BUILT, pub).version).not.toBe(first);
  });
});
