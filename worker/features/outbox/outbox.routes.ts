import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '#worker/env.ts';
import { requireUser } from '#worker/middleware/auth.ts';
import { validate } from '#worker/lib/validate.ts';
import { getOutboxMessage, listOutbox } from './outbox.service.ts';

const ListQuery = z.object({
  page: z.coerce
    .number({ error: 'Page must be a positive whole number' })
    .int('Page must be a positive whole number')
    .min(1, 'Page must be a positive whole number')
    .default(1),
  limit: z.coerce
    .number({ error: 'Limit must be between 1 and 100' })
    .int('Limit must be between 1 and 100')
    .min(1, 'Limit must be between 1 and 100')
    .max(100, 'Limit must be between 1 and 100')
    .default(20),
  to: z.string().trim().toLowerCase().max(254).optional(),
});

/** /api/admin/outbox: every e-mail the product sent (locally: the mailbox itself). Admin-capable only. */
export const outboxRoutes = new Hono<AppEnv>()
  .get('/', validate('query', ListQuery), async (c) => {
    const result = await listOutbox(c.var, c.req.valid('query'), requireUser(c));
    return c.json({ success: true as const, ...result });
  })
  .get('/:id', async (c) => {
    const data = await getOutboxMessage(c.var, c.req.param('id'), requireUser(c));
    return c.json({ success: true as const, data });
  });
