import { Hono } from 'hono';
import type { AppEnv } from '#worker/env.ts';

/** Spec 7 Social: connected accounts and their OAuth flow (mounted at /api/social-media). */
export const socialAccountsRoutes = new Hono<AppEnv>();
