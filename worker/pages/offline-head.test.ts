import { describe, expect, it } from 'vitest';
import { OFFLINE_PAGE_SCRIPT } from '#web/lib/offline-page-script.ts';
import { api } from '#test/helpers.ts';
import { page } from './public/page-test-kit.ts';

describe('what makes the site installable and offline-capable, in every page head', () => {
  it('links the manifest, the Apple icon and meta, the offline banner and the fixed offline script with the nonce', async () => {
    const { res, raw } = await page('/about');
    const nonce = /script-src[^;]*'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
    expect(raw).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
    expect(raw).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"/>');
    expect(raw).toContain('<meta name="apple-mobile-web-app-capable" content="yes"/>');
    expect(raw).toContain('<meta name="theme-color" content="#7f1d1d"/>');
    expect(raw).toMatch(/<body><p id="offline-banner" class="offline-banner" role="status"><\/p>/);
    expect(raw).toContain(`<script id="offline" nonce="${nonce}">${OFFLINE_PAGE_SCRIPT}</script>`);
    expect(OFFLINE_PAGE_SCRIPT.length).toBeLessThan(1024);
  });

  it("links a panel's own manifest from every path of the panel", async () => {
    expect((await page('/student/messages')).raw).toContain('<link rel="manifest" href="/manifest.webmanifest?panel=student"/>');
    expect((await page('/admin')).raw).toContain('<link rel="manifest" href="/manifest.webmanifest?panel=admin"/>');
  });
});

describe('GET /manifest.webmanifest', () => {
  it("answers the manifest under the school's name, opening the panel it was installed from", async () => {
    const res = await api<Record<string, any>>('/manifest.webmanifest?panel=admin');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/manifest+json');
    expect(res.body).toMatchObject({ id: '/', start_url: '/admin', scope: '/', display: 'standalone', theme_color: '#7f1d1d' });
    expect(typeof res.body.name).toBe('string');
    expect(res.body.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    expect((await api<Record<string, any>>('/manifest.webmanifest')).body.start_url).toBe('/');
    expect((await api<Record<string, any>>('/manifest.webmanifest?panel=https://evil.test')).body.start_url).toBe('/');
  });

  it('serves the icons it names and the built service worker', async () => {
    for (const path of ['/icons/icon-192.png', '/icons/icon-512.png', '/icons/maskable-512.png', '/icons/apple-touch-icon.png']) {
      const res = await api<string>(path);
      expect({ path, status: res.status, type: res.headers.get('content-type') }).toEqual({ path, status: 200, type: 'image/png' });
    }
    const sw = await api<string>('/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toContain('javascript');
    expect(sw.body).toContain('dojo-precache-');
  });
});
