import { Hono } from 'hono';
import { SandboxSetupPage } from '#web/pages/billing/sandbox-setup-page.tsx';
import type { AppEnv } from '#worker/env.ts';
import { sandboxSetupOpen, sandboxSetupProof } from '#worker/features/billing/billing.sandbox.ts';
import { AppError } from '#worker/lib/errors.ts';
import { sandboxOffered } from '#worker/lib/payments/registry.ts';
import { loadSite } from '#worker/pages/public/loaders/media.ts';
import { renderNotFound } from '#worker/pages/public/not-found.tsx';
import { renderPublic } from '#worker/pages/public/render-public.tsx';

const FALLBACK = '/student/billing';

/** Only a path on this site may be the way back from the sandbox vault: parsed against the site, else the billing screen. */
function samePath(v: unknown, origin: string): string {
  if (typeof v !== 'string' || !v.startsWith('/')) return FALLBACK;
  const site = new URL(origin);
  const url = URL.canParse(v, site) ? new URL(v, site) : null;
  return url?.origin === site.origin ? `${url.pathname}${url.search}` : FALLBACK;
}
const withQuery = (path: string, params: Record<string, string>) =>
  `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams(params)}`;

/** The sandbox vault's setup page (`/pay/sandbox/setup/{setupId}`): in production it does not exist. */
export const billingPages = new Hono<AppEnv>()
  .use('/pay/sandbox/setup/*', async (c, next) => (sandboxOffered(c.var.config) ? next() : renderNotFound(c)))
  .get('/pay/sandbox/setup/:setupId', async (c) => {
    const { site } = await loadSite(c.var.ctx);
    const setupId = c.req.param('setupId');
    try {
      const open = await sandboxSetupOpen(c.var.ctx, setupId);
      const returnPath = samePath(c.req.query('return'), c.var.ctx.origin);
      const cancel = c.req.query('cancel');
      const cancelPath = cancel ? samePath(cancel, c.var.ctx.origin) : withQuery(returnPath, { cancelled: '1' });
      return renderPublic(c, site, <SandboxSetupPage site={site} view={{ setupId, open, returnPath, cancelPath }} />, {
        title: 'Save a test card',
        description: 'Local test payment method.',
        noindex: true,
      });
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return renderNotFound(c);
      throw err;
    }
  })
  .post('/pay/sandbox/setup/:setupId', async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const back = samePath(form.return, c.var.ctx.origin);
    try {
      const proof = await sandboxSetupProof(c.var.ctx, c.req.param('setupId'), form.card === 'decline' ? 'decline' : 'ok');
      return c.redirect(withQuery(back, proof), 303);
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return renderNotFound(c);
      throw err;
    }
  });
