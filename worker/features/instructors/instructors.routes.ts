import { Hono } from 'hono';
import type { AppEnv } from '#worker/env.ts';

/** `/api/instructors` (issue 13). */
export const instructorsRoutes = new Hono<AppEnv>();
