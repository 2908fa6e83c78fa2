import { Hono } from 'hono';
import { AuditQuery, UserAuditQuery } from '#core/audit/audit-query.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { listAudit, listUserAudit } from './audit.read.ts';

/** /api/audit-log: the record of the admin-capable accounts' writes (kept by worker/middleware/audit.ts). */
export const auditRoutes = new Hono<AppEnv>()
  .get('/', validate('query', AuditQuery), async (c) => {
    const { entries, pagination } = await listAudit(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data: entries, pagination });
  })
  .get('/users/:id', validate('query', UserAuditQuery), async (c) => {
    const { entries, pagination } = await listUserAudit(c.var.ctx, c.req.param('id'), c.req.valid('query'));
    return c.json({ success: true, data: entries, pagination });
  });
