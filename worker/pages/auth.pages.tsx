import { Hono, type Context } from 'hono';
import { ForgotPasswordPage } from '#web/pages/auth/forgot-password-page.tsx';
import { flowFor } from '#web/pages/auth/login-flows.ts';
import { LoginPage } from '#web/pages/auth/login-page.tsx';
import { RegisterPage } from '#web/pages/auth/register-page.tsx';
import { ResetPasswordPage } from '#web/pages/auth/reset-password-page.tsx';
import { VerifyEmailPage, type VerifyOutcome } from '#web/pages/auth/verify-email-page.tsx';
import { safeNextPath } from '#web/lib/session.ts';
import type { AppEnv } from '#worker/env.ts';
import { INVALID_VERIFICATION_TOKEN, verifyEmail } from '#worker/features/auth/verification.service.ts';
import { toAppError } from '#worker/middleware/errors.ts';
import { loadSite } from './public/loaders/media.ts';
import { renderPublic } from './public/render-public.tsx';

const NO_SCRIPT = 'Logging in needs JavaScript. Please turn it on in your browser and try again.';

async function loginPage(c: Context<AppEnv>, notice?: string) {
  const flow = flowFor(c.req.query('as'));
  const next = safeNextPath(c.req.query('next'));
  const { site } = await loadSite(c.var.ctx);
  return renderPublic(c, site, <LoginPage site={site} flow={flow} next={next} {...(notice ? { notice } : {})} />, {
    title: flow.heading,
    description: 'Log in to your dojo account: members, students, instructors, grand masters and administrators.',
    path: '/auth/login',
  });
}

/** Spends the link during the render, through the same service as GET /api/auth/verify-email. */
async function verifyOutcome(c: Context<AppEnv>): Promise<VerifyOutcome & { status: number }> {
  const token = (c.req.query('token') ?? '').trim();
  if (!token || token.length > 256) return { ok: false, message: INVALID_VERIFICATION_TOKEN, status: 400 };
  try {
    const { message } = await verifyEmail(c.var.ctx, { token });
    return { ok: true, message, status: 200 };
  } catch (err) {
    const appErr = toAppError(err);
    if (appErr.status >= 500) c.var.ctx.log.error('verify-email page failed', { error: String(err) });
    return { ok: false, message: appErr.message, status: appErr.status };
  }
}

/** The /auth pages (spec 2): server-rendered forms whose islands call /api/auth, framed by the school's own header. */
export const authPages = new Hono<AppEnv>()
  .get('/', (c) => c.redirect('/auth/login'))
  .get('/login', (c) => loginPage(c))
  // Only reached when the island did not run: the form then posts to the page itself.
  .post('/login', (c) => loginPage(c, NO_SCRIPT))
  .get('/register', async (c) => {
    const { site } = await loadSite(c.var.ctx);
    return renderPublic(c, site, <RegisterPage site={site} next={safeNextPath(c.req.query('next'))} />, {
      title: 'Create your account',
      description: 'Create a dojo account to book classes, follow your courses and shop online.',
    });
  })
  .get('/forgot-password', async (c) => {
    const { site } = await loadSite(c.var.ctx);
    return renderPublic(c, site, <ForgotPasswordPage site={site} />, {
      title: 'Forgot your password?',
      description: 'Get a link to choose a new password for your dojo account.',
    });
  })
  .get('/reset-password', async (c) => {
    const { site } = await loadSite(c.var.ctx);
    const token = (c.req.query('token') ?? '').trim();
    const email = (c.req.query('email') ?? '').trim();
    return renderPublic(c, site, <ResetPasswordPage site={site} token={token} email={email} />, {
      title: 'Choose a new password',
      description: 'Choose a new password for your dojo account.',
      noindex: true,
      path: '/auth/reset-password',
    });
  })
  .get('/verify-email', async (c) => {
    const [{ status, ...outcome }, { site }] = await Promise.all([verifyOutcome(c), loadSite(c.var.ctx)]);
    return renderPublic(c, site, <VerifyEmailPage site={site} {...outcome} />, {
      title: outcome.ok ? 'Email verified' : 'Email verification failed',
      description: 'Confirm the email address of your dojo account.',
      noindex: true,
      path: '/auth/verify-email',
      status,
    });
  });
