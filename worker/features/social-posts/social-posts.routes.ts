import { Hono } from 'hono';
import type { AppEnv } from '#worker/env.ts';

/** Spec 7 Social: posts and the dashboard (mounted at /api/social-media). */
export const socialPostsRoutes = new Hono<AppEnv>();
