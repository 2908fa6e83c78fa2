import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { SOCIAL_MESSAGES } from '#core/social/social-options.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { finishConnect } from './social-accounts.callback.ts';
import { OAUTH_COOKIE, STATE_TTL_MS, oauthCookieOptions, platformParam, startConnect } from './social-accounts.connect.ts';
import { accountId, accountStats, listAccounts } from './social-accounts.read.ts';
import { disconnectAccount, refreshToken, ToggleAccountSchema, toggleAccount } from './social-accounts.write.ts';

/** The admin screen the OAuth flow ends on. */
export const ACCOUNTS_SCREEN = '/admin/social/accounts';

/** Spec 7 Social: connected accounts and their OAuth flow (mounted at /api/social-media). /stats and /connect come before /:id. */
export const socialAccountsRoutes = new Hono<AppEnv>()
  .get('/accounts', async (c) => {
    const { accounts, platforms } = await listAccounts(c.var.ctx);
    return c.json({ success: true, data: accounts, accounts, platforms });
  })
  .get('/accounts/stats', async (c) => c.json({ success: true, data: await accountStats(c.var.ctx) }))
  .post('/accounts/connect/:platform', async (c) => {
    const ctx = c.var.ctx;
    const { nonce, ...data } = await startConnect(ctx, platformParam(c.req.param('platform')));
    setCookie(c, OAUTH_COOKIE, nonce, { ...oauthCookieOptions(ctx.origin), maxAge: STATE_TTL_MS / 1000 });
    return c.json({ success: true, data });
  })
  .get('/accounts/callback/:platform', async (c) => {
    const ctx = c.var.ctx;
    const outcome = await finishConnect(
      ctx,
      c.req.param('platform'),
      {
        state: c.req.query('state'),
        code: c.req.query('code'),
        error: c.req.query('error'),
        errorDescription: c.req.query('error_description'),
      },
      getCookie(c, OAUTH_COOKIE),
    );
    // The nonce served its one flow, whatever the outcome; a forged callback leaves the browser's own flow alone.
    if (outcome.spent) deleteCookie(c, OAUTH_COOKIE, oauthCookieOptions(ctx.origin));
    const query: Record<string, string> = 'platform' in outcome ? { connected: outcome.platform } : { error: outcome.error };
    return c.redirect(`${ACCOUNTS_SCREEN}?${new URLSearchParams(query)}`, 303);
  })
  .patch('/accounts/:id/toggle', validate('json', ToggleAccountSchema), async (c) => {
    const body = c.req.valid('json');
    const { account, message } = await toggleAccount(c.var.ctx, accountId(c.req.param('id')), body?.isActive);
    return c.json({ success: true, data: account, account, message });
  })
  .post('/accounts/:id/refresh', async (c) => {
    const account = await refreshToken(c.var.ctx, accountId(c.req.param('id')));
    return c.json({ success: true, data: account, account, message: SOCIAL_MESSAGES.accountRefreshed });
  })
  .delete('/accounts/:id', async (c) => {
    const data = await disconnectAccount(c.var.ctx, accountId(c.req.param('id')));
    return c.json({ success: true, data, message: SOCIAL_MESSAGES.accountDisconnected });
  });
