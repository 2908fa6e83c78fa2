import { Hono } from 'hono';
import { z } from 'zod';
import { pagingQuery } from '#core/paging.ts';
import { ProgramQuery } from '#core/progression/ledger-input.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { readyList, studentEligibility } from './eligibility.service.ts';

const STATUS_MESSAGE = 'status must be one of: ready, close, all';
const ReadyQuerySchema = pagingQuery(50, 200).extend({
  status: z.enum(['ready', 'close', 'all'], { error: STATUS_MESSAGE }).default('all'),
  q: z.string().trim().max(100).optional(),
});

// Mounted at /api: a student's eligibility beside the student, the ready list beside the program.
export const eligibilityRoutes = new Hono<AppEnv>()
  .get('/students/:id/eligibility', validate('query', ProgramQuery), async (c) => {
    const data = await studentEligibility(c.var.ctx, c.req.param('id'), c.req.valid('query').program);
    return c.json({ success: true, data, eligibility: data });
  })
  .get('/programs/:slug/ready', validate('query', ReadyQuerySchema), async (c) => {
    const { rows, pagination } = await readyList(c.var.ctx, c.req.param('slug'), c.req.valid('query'));
    return c.json({ success: true, data: rows, ready: rows, pagination });
  });
