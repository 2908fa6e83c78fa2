import { Hono } from 'hono';
import { z } from 'zod';
import {
  ApprovalSchema,
  CreditSchema,
  ImportSchema,
  LedgerQuery,
  PromoteSchema,
  StripeSchema,
  TechniqueCheckSchema,
  VoidSchema,
} from '#core/progression/ledger-input.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { grantCredits } from './ranks.credits.ts';
import { setGradingApproval, setTechniqueCheck } from './ranks.checks.ts';
import { importRanks } from './ranks.import.ts';
import { listAwards, listCredits } from './ranks.read.ts';
import { addStripe, promote, voidAward } from './ranks.write.ts';

const CreditsQuery = z.object({ program: z.string().trim().min(1).optional() });

// Mounted at /api: the ledger beside the student (/students/:id/…), a row's void under /student-ranks, the import under /ranks.
export const ranksRoutes = new Hono<AppEnv>()
  .get('/students/:id/ranks', validate('query', LedgerQuery), async (c) => {
    const ranks = await listAwards(c.var.ctx, c.req.param('id'), c.req.valid('query'));
    return c.json({ success: true, data: ranks, ranks });
  })
  .post('/students/:id/ranks', validate('json', PromoteSchema), async (c) => {
    const award = await promote(c.var.ctx, c.req.param('id'), c.req.valid('json'));
    return c.json({ success: true, data: award, award, message: 'Rank awarded' }, 201);
  })
  .post('/students/:id/stripes', validate('json', StripeSchema), async (c) => {
    const award = await addStripe(c.var.ctx, c.req.param('id'), c.req.valid('json'));
    return c.json({ success: true, data: award, award, message: 'Stripe added' }, 201);
  })
  .post('/student-ranks/:id/void', validate('json', VoidSchema), async (c) => {
    const data = await voidAward(c.var.ctx, c.req.param('id'), c.req.valid('json'));
    return c.json({ success: true, data, message: 'Award voided' });
  })
  .post('/ranks/import', validate('json', ImportSchema), async (c) => {
    const data = await importRanks(c.var.ctx, c.req.valid('json').rows);
    return c.json({ success: true, data, message: `${data.imported} awards imported` }, 201);
  })
  .get('/students/:id/attendance-credits', validate('query', CreditsQuery), async (c) => {
    const credits = await listCredits(c.var.ctx, c.req.param('id'), c.req.valid('query').program);
    return c.json({ success: true, data: credits, credits });
  })
  .post('/students/:id/attendance-credits', validate('json', CreditSchema), async (c) => {
    const credit = await grantCredits(c.var.ctx, c.req.param('id'), c.req.valid('json'));
    return c.json({ success: true, data: credit, credit }, 201);
  })
  .put('/students/:id/techniques/:techniqueId', validate('json', TechniqueCheckSchema), async (c) => {
    const data = await setTechniqueCheck(c.var.ctx, c.req.param('id'), c.req.param('techniqueId'), c.req.valid('json').passed);
    return c.json({ success: true, data });
  })
  .put('/students/:id/grading-approval', validate('json', ApprovalSchema), async (c) => {
    const data = await setGradingApproval(c.var.ctx, c.req.param('id'), c.req.valid('json'));
    return c.json({ success: true, data });
  });
