import { Hono, type Context } from 'hono';
import { newSecret } from '#core/ids.ts';
import { isSocialPlatform, PLATFORM_LABELS } from '#core/social/platforms.ts';
import { LocalConsentPage, LocalConsentRefused, type LocalConsentView } from '#web/pages/social/local-consent-page.tsx';
import type { AppEnv } from '#worker/env.ts';
import { callbackUri } from '#worker/features/social-accounts/social-accounts.connect.ts';
import { AppError, badRequest } from '#worker/lib/errors.ts';
import { LOCAL_CONSENT_PATH } from '#worker/lib/social/local-publisher.ts';
import { connectModes } from '#worker/lib/social/registry.ts';
import { loadSite } from '#worker/pages/public/loaders/media.ts';
import { renderNotFound } from '#worker/pages/public/not-found.tsx';
import { renderPublic } from '#worker/pages/public/render-public.tsx';

export const CONSENT_MESSAGES = {
  state: 'This connection link is incomplete; start connecting again from Social media → Accounts',
  redirect: 'This connection link does not lead back to this site; start connecting again from Social media → Accounts',
  cancelled: 'you chose Cancel on the consent page',
};

/** What our authorize URL carries (states and challenges are base64url secrets). */
const secretLike = (v: unknown, max: number): v is string => typeof v === 'string' && v.length > 0 && v.length <= max && /^[\w-]+$/.test(v);

/**
 * The request's view, or null when the stand-in does not serve this platform here (404). The way back
 * must be exactly this site's callback for the platform: the page never redirects anywhere else.
 */
function consentView(c: Context<AppEnv>, q: Record<string, unknown>): LocalConsentView | null {
  const platform = q.platform;
  if (!isSocialPlatform(platform) || connectModes(c.var.ctx.config)[platform] !== 'local') return null;
  if (!secretLike(q.state, 128)) throw badRequest(CONSENT_MESSAGES.state);
  if (q.redirect_uri !== callbackUri(c.var.ctx.origin, platform)) throw badRequest(CONSENT_MESSAGES.redirect);
  const codeChallenge = q.code_challenge === undefined || q.code_challenge === '' ? null : q.code_challenge;
  if (codeChallenge !== null && !secretLike(codeChallenge, 128)) throw badRequest(CONSENT_MESSAGES.state);
  return { platform, label: PLATFORM_LABELS[platform], state: q.state, redirectUri: q.redirect_uri, codeChallenge };
}

/** A link we did not make answers 400 with the site's page saying why (the error handler's bare page otherwise). */
async function refused(c: Context<AppEnv>, err: unknown) {
  if (!(err instanceof AppError) || err.status !== 400) throw err;
  const { site } = await loadSite(c.var.ctx);
  return renderPublic(c, site, <LocalConsentRefused site={site} message={err.message} />, {
    title: 'Connect an account',
    description: 'The local stand-in for a social platform.',
    noindex: true,
    status: 400,
  });
}

/** Decision 013: the local stand-in's consent page (GET shows it; its form posts the admin's choice). */
export const socialPages = new Hono<AppEnv>()
  .get(LOCAL_CONSENT_PATH, async (c) => {
    let view: LocalConsentView | null;
    try {
      view = consentView(c, c.req.query());
    } catch (err) {
      return refused(c, err);
    }
    if (!view) return renderNotFound(c);
    const { site } = await loadSite(c.var.ctx);
    return renderPublic(c, site, <LocalConsentPage site={site} view={view} />, {
      title: `Connect ${view.label}`,
      description: `The local stand-in for ${view.label}.`,
      noindex: true,
    });
  })
  .post(LOCAL_CONSENT_PATH, async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    let view: LocalConsentView | null;
    try {
      view = consentView(c, form);
    } catch (err) {
      return refused(c, err);
    }
    if (!view) return renderNotFound(c);
    const answer: Record<string, string> =
      form.decision === 'connect'
        ? { code: `local-${newSecret()}`, state: view.state }
        : { error: 'access_denied', error_description: CONSENT_MESSAGES.cancelled, state: view.state };
    return c.redirect(`${view.redirectUri}?${new URLSearchParams(answer)}`, 303);
  });
