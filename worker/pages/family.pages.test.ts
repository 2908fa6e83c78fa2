import { describe, expect, it } from 'vitest';
import { count, meta, page } from './public/page-test-kit.ts';

describe('/family/accept', () => {
  it('works before JavaScript: one heading, the invitation link’s token kept through the login link, not indexed', async () => {
    const { res, html } = await page('/family/accept?token=abc123');
    expect(res.status).toBe(200);
    expect(count(html, /<h1[ >]/)).toBe(1);
    expect(html).toContain('Join a family');
    expect(html).toContain(`href="/auth/login?next=${encodeURIComponent('/family/accept?token=abc123')}"`);
    expect(html).toContain('data-island="AcceptGuardianInvite"');
    expect(meta(html, 'robots')).toContain('noindex');
  });

  it('says a link without its token is incomplete', async () => {
    const { html } = await page('/family/accept');
    expect(html).toContain('This invitation link is incomplete');
  });
});
