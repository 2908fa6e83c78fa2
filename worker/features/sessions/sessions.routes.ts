import { Hono } from 'hono';
import {
  CancelSessionSchema,
  CreateSessionSchema,
  ListSessionsQuery,
  SESSION_MESSAGES,
  UpdateSessionSchema,
} from '#core/sessions/session-schemas.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { cancelSession, createSession, generateSessions, getSession, listSessions, updateSession } from './sessions.service.ts';

/** Issue 24 §1: dated sessions. /generate comes before /:id so it cannot be taken for an id. */
export const sessionsRoutes = new Hono<AppEnv>()
  .get('/', validate('query', ListSessionsQuery), async (c) => {
    const { sessions, pagination } = await listSessions(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data: sessions, sessions, pagination });
  })
  .post('/generate', async (c) => {
    const data = await generateSessions(c.var.ctx);
    return c.json({ success: true, data, message: SESSION_MESSAGES.generated });
  })
  .post('/', validate('json', CreateSessionSchema), async (c) => {
    const session = await createSession(c.var.ctx, c.req.valid('json'));
    return c.json({ success: true, data: session, session, message: SESSION_MESSAGES.created }, 201);
  })
  .get('/:id', async (c) => {
    const session = await getSession(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data: session, session });
  })
  .patch('/:id', validate('json', UpdateSessionSchema), async (c) => {
    const session = await updateSession(c.var.ctx, c.req.param('id'), c.req.valid('json'));
    return c.json({ success: true, data: session, session, message: SESSION_MESSAGES.updated });
  })
  .post('/:id/cancel', validate('json', CancelSessionSchema), async (c) => {
    const session = await cancelSession(c.var.ctx, c.req.param('id'), c.req.valid('json').reason);
    return c.json({ success: true, data: session, session, message: SESSION_MESSAGES.cancelled });
  });
