import { Hono } from 'hono';
import { z } from 'zod';
import { EmailOnlyInput, RegisterInput, ResetPasswordInput } from '#core/auth/account.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { requestPasswordReset, resetPassword } from './password.service.ts';
import { registerUser } from './register.service.ts';
import { resendVerification, verifyEmail } from './verification.service.ts';

const VerifyQuery = z.object({
  token: z.string({ error: 'Verification token is required' }).min(1, 'Verification token is required').max(256),
});

/** Signing up and the e-mailed links (verification, password reset). */
export const accountRoutes = new Hono<AppEnv>()
  .post('/register', validate('json', RegisterInput), async (c) => {
    const result = await registerUser(c.var.ctx, c.req.valid('json'));
    return c.json({ success: true as const, ...result }, 201);
  })
  .post('/forgot-password', validate('json', EmailOnlyInput), async (c) => {
    const result = await requestPasswordReset(c.var.ctx, c.req.valid('json'));
    return c.json({ success: true as const, ...result });
  })
  .post('/reset-password', validate('json', ResetPasswordInput), async (c) => {
    const result = await resetPassword(c.var.ctx, c.req.valid('json'));
    return c.json({ success: true as const, ...result });
  })
  .get('/verify-email', validate('query', VerifyQuery), async (c) => {
    const result = await verifyEmail(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true as const, ...result });
  })
  .post('/resend-verification', validate('json', EmailOnlyInput), async (c) => {
    const result = await resendVerification(c.var.ctx, c.req.valid('json'));
    return c.json({ success: true as const, ...result });
  });
