import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#worker/config.ts';
import type { Bindings } from '#worker/env.ts';
import { sandboxGateway } from '#worker/lib/payments/sandbox.ts';
import { createUser } from '#test/helpers.ts';
import { insertOrder as pendingOrder } from '#test/order-helpers.ts';
import { openPayment, paymentRow } from './payments.test-helpers.ts';

const page = (path: string, init?: RequestInit) =>
  exports.default.fetch(new Request(`http://dojo.test${path}`, { redirect: 'manual', ...init }));
const json = (outcome: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ outcome }) });
const gateway = () => sandboxGateway(loadConfig(env as unknown as Bindings), 'http://dojo.test');

describe('the sandbox checkout (ARCHITECTURE "Local payments")', () => {
  it('shows the amount with Approve and Decline, and answers an approval with a proof the gateway verifies', async () => {
    const payer = await createUser();
    const p = await openPayment(payer, await pendingOrder(payer), 12345);
    const html = await (await page(`/pay/sandbox/${p.sessionId}?return=/shop/order-complete`)).text();
    expect(html).toContain('$123.45');
    expect(html).toContain('value="approve"');
    const res = await page(`/pay/sandbox/${p.sessionId}`, json('approve'));
    const body = (await res.json()) as { success: boolean; data: { sessionId: string; paymentId: string; signature: string } };
    expect(body).toMatchObject({ success: true, data: { sessionId: p.sessionId } });
    expect(await gateway().verify(body.data, { sessionId: p.sessionId, amountCents: 12345, currency: 'CAD' })).toEqual({
      ok: true,
      providerPaymentId: body.data.paymentId,
    });
    const forged = await gateway().verify(
      { ...body.data, signature: '0'.repeat(64) },
      { sessionId: p.sessionId, amountCents: 12345, currency: 'CAD' },
    );
    expect(forged.ok).toBe(false);
  });

  it('fails the payment on Decline, and a closed session is refused (409)', async () => {
    const payer = await createUser();
    const p = await openPayment(payer, await pendingOrder(payer));
    const res = await page(`/pay/sandbox/${p.sessionId}`, json('decline'));
    expect(await res.json()).toMatchObject({ success: false, message: 'The payment was declined' });
    expect((await paymentRow(p.id))?.status).toBe('failed');
    expect((await page(`/pay/sandbox/${p.sessionId}`, json('approve'))).status).toBe(409);
    expect((await page(`/pay/sandbox/${p.sessionId}`, json('maybe'))).status).toBe(400);
    expect((await page('/pay/sandbox/sbx_nothing', json('approve'))).status).toBe(404);
  });

  it('redirects a plain form to the return path on this site with the proof, and never to another site', async () => {
    const payer = await createUser();
    const p = await openPayment(payer, await pendingOrder(payer));
    const form = (fields: Record<string, string>) => ({ method: 'POST', body: new URLSearchParams(fields) });
    const ok = await page(`/pay/sandbox/${p.sessionId}`, form({ outcome: 'approve', return: '/shop/order-complete?orderId=x' }));
    expect(ok.status).toBe(303);
    const to = new URL(ok.headers.get('location')!, 'http://dojo.test');
    expect(to.pathname).toBe('/shop/order-complete');
    expect(to.searchParams.get('orderId')).toBe('x');
    expect(to.searchParams.get('sessionId')).toBe(p.sessionId);
    expect(to.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);
    const p2 = await openPayment(payer, await pendingOrder(payer));
    const evil = await page(`/pay/sandbox/${p2.sessionId}`, form({ outcome: 'decline', return: '//evil.example/steal' }));
    expect(evil.headers.get('location')).toBe('/shop?declined=1');
  });

  it('parses the return path against the site: a tab or newline never leads off-site nor to a 500', async () => {
    const payer = await createUser();
    const form = (fields: Record<string, string>) => ({ method: 'POST', body: new URLSearchParams(fields) });
    for (const back of [
      '/\t/evil.example/steal',
      '/\n/evil.example',
      '/shop\norder-complete',
      '/\\evil.example',
      'https://evil.example/',
    ]) {
      const p = await openPayment(payer, await pendingOrder(payer));
      const res = await page(`/pay/sandbox/${p.sessionId}`, form({ outcome: 'decline', return: back }));
      expect(res.status, JSON.stringify(back)).toBe(303);
      const to = new URL(res.headers.get('location')!, 'http://dojo.test');
      expect(to.origin, JSON.stringify(back)).toBe('http://dojo.test');
      expect(res.headers.get('location')).toMatch(/^\/[^/\\]/);
    }
    const p = await openPayment(payer, await pendingOrder(payer));
    const html = await (await page(`/pay/sandbox/${p.sessionId}?return=${encodeURIComponent('/\t/evil.example')}`)).text();
    expect(html).not.toContain('evil.example');
  });
});
