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
    const result = await registerUser({ ctx: c.var.ctx, input: c.req.valid('json') });
    return c.json({ success: true as const, ...result }, 201);
  })
  .post('/forgot-password', validate('json', EmailOnlyInput), async (c) => {
    const result = await requestPasswordReset({ ctx: c.var.ctx, input: c.req.valid('json') });
    return c.json({ success: true as const, ...result });
  })
  .post('/reset-password', validate('json', ResetPasswordInput), async (c) => {
    const result = await resetPassword({ ctx: c.var.ctx, input: c.req.valid('json') });
    return c.json({ success: true as const, ...result });
  })
  .get('/verify-email', validate('query', VerifyQuery), async (c) => {
    const result = await verifyEmail({ ctx: c.var.ctx, input: c.req.valid('query') });
    return c.json({ success: true as const, ...result });
  })
  .post('/resend-verification', validate('json', EmailOnlyInput), async (c) => {
    const result = await resendVerification({ ctx: c.var.ctx, input: c.req.valid('json') });
    return c.json({ success: true as const, ...result });
  });
