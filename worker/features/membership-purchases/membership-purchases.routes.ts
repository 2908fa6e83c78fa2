import { Hono } from 'hono';
import type { AppEnv } from '#worker/env.ts';

/** `/api/purchase-membership` (issue 13). */
export const membershipPurchasesRoutes = new Hono<AppEnv>();
