import { describe, expect, it } from 'vitest';
import { HEADER_ACCOUNT_SCRIPT } from '#web/components/header-account-script.ts';
import { page } from './page-test-kit.ts';

describe("the header's cart count and account link", () => {
  it('ship as one inline script carrying the request nonce, with Cart and Log in as the HTML without JavaScript', async () => {
    const { res, raw, html } = await page('/about');
    const nonce = /script-src[^;]*'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce).toBeTruthy();
    expect(raw).toContain(`<script id="header-account" nonce="${nonce}">${HEADER_ACCOUNT_SCRIPT}</script>`);
    // The other inline script is the offline one (worker/pages/offline-head.test.ts).
    expect(raw.match(/<script/g)).toHaveLength(2);
    expect(html).not.toContain('<script');
    expect(html).toContain('<a class="cart-link" href="/cart">Cart');
    expect(html).toContain('data-account-link="">Log in</a>');
    // The cart count, the account link and the session check (issue 23.5) in one inline script.
    expect(HEADER_ACCOUNT_SCRIPT.length).toBeLessThan(1600);
  });

  it('puts the shop in the top menu', async () => {
    const { html } = await page('/');
    expect(html).toContain('<li><a href="/shop">Shop</a></li>');
  });
});
