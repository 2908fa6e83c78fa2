import { Hono } from 'hono';
import { ReverseQuery } from '#core/location/location-schema.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { detectFromCloudflare, locateIp, reverseGeocode } from './location.service.ts';

/** The location prompt's three ways, in the order the browser tries them (README). */
export const locationRoutes = new Hono<AppEnv>()
  .get('/detect', (c) => c.json({ success: true, data: detectFromCloudflare(c.var.ctx, c.req.raw.cf) }))
  .get('/reverse', validate('query', ReverseQuery), async (c) =>
    c.json({ success: true, data: await reverseGeocode(c.var.ctx, c.req.valid('query')) }),
  )
  .get('/ip', async (c) => c.json({ success: true, data: await locateIp(c.var.ctx) }));
