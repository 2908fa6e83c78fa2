import { Hono } from 'hono';
import { PUSH_MESSAGES, SubscribeSchema, UnsubscribeSchema } from '#core/push/push-schemas.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { mySubscriptions, subscribe, unsubscribe, vapidKey } from './push.subscriptions.ts';

/** Mounted at /api/notifications beside the notifications feature; it owns only these paths. */
export const pushRoutes = new Hono<AppEnv>()
  .get('/vapid-key', (c) => c.json({ success: true, publicKey: vapidKey(c.var.ctx) }))
  .post('/push/subscribe', validate('json', SubscribeSchema), async (c) => {
    const data = await subscribe(c.var.ctx, c.req.valid('json'));
    return c.json({ success: true, data, message: PUSH_MESSAGES.subscribed }, 201);
  })
  .delete('/push/unsubscribe', validate('json', UnsubscribeSchema), async (c) => {
    const data = await unsubscribe(c.var.ctx, c.req.valid('json').endpoint);
    return c.json({ success: true, data, message: PUSH_MESSAGES.unsubscribed });
  })
  .get('/push/my-subscriptions', async (c) => {
    const data = await mySubscriptions(c.var.ctx);
    return c.json({ success: true, data, count: data.length });
  });
