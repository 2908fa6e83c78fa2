import { describe, expect, it } from 'vitest';
import { count, meta, page, stylesheets } from './public/page-test-kit.ts';

const permissions = (res: Response) => res.headers.get('permissions-policy') ?? '';
const scriptSrc = (res: Response) => /script-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1] ?? '';

describe('/kiosk', () => {
  it('answers a full-screen shell with the KioskApp island, not indexed, without the site navigation', async () => {
    const { res, html } = await page('/kiosk');
    expect(res.status).toBe(200);
    expect(meta(html, 'robots')).toBe('noindex');
    expect(html).toContain('data-island="KioskApp"');
    expect(count(html, /<h1[ >]/)).toBe(1);
    expect(html).not.toContain('class="site-header"');
    expect(html).not.toContain('aria-label="Main"');
    expect(stylesheets(html)).toEqual([expect.stringMatching(/\/site-[\w-]+\.css$/), expect.stringMatching(/\/kiosk-[\w-]+\.css$/)]);
    expect(html).toContain('<noscript>');
  });

  it('alone may use the camera and compile WebAssembly (the QR reader); other pages may not', async () => {
    const kiosk = (await page('/kiosk')).res;
    expect(permissions(kiosk)).toContain('camera=(self)');
    expect(scriptSrc(kiosk)).toContain("'wasm-unsafe-eval'");
    for (const path of ['/', '/auth/login', '/student']) {
      const { res } = await page(path);
      expect(permissions(res)).toContain('camera=()');
      expect(scriptSrc(res)).not.toContain('wasm-unsafe-eval');
    }
  });
});
