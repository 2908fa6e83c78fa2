import { Hono } from 'hono';
import type { AppEnv } from '../../env.ts';

export const outboxRoutes = new Hono<AppEnv>();
