import { Hono } from 'hono';
import type { AppEnv } from '#worker/env.ts';
import { accountRoutes } from './account.routes.ts';
import { loginRoutes } from './login.routes.ts';
import { meRoutes } from './me.routes.ts';

/** /api/auth (spec 7 "Auth"); who may call what is in auth.access.ts. */
export const authRoutes = new Hono<AppEnv>().route('/', loginRoutes).route('/', accountRoutes).route('/', meRoutes);
