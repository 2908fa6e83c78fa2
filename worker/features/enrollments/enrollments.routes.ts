import { Hono } from 'hono';
import type { AppEnv } from '#worker/env.ts';

/** `/api/enroll` (issue 13). */
export const enrollmentsRoutes = new Hono<AppEnv>();
