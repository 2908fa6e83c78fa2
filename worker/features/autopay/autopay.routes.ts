import { Hono } from 'hono';
import { z } from 'zod';
import { pagingQuery } from '#core/paging.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { ADMIN_INVOICE_FILTERS, billingSummary, listAdminInvoices, retryInvoice } from './autopay.admin.ts';

const InvoiceQuery = pagingQuery(20, 100).extend({
  status: z.enum(ADMIN_INVOICE_FILTERS, { error: `Status must be one of ${ADMIN_INVOICE_FILTERS.join(', ')}` }).optional(),
  search: z.string().trim().max(120, 'Search must be at most 120 characters').optional(),
});

/** /api/admin/billing: the school's view of automatic billing. */
export const autopayRoutes = new Hono<AppEnv>()
  .get('/summary', async (c) => c.json({ success: true as const, data: await billingSummary(c.var.ctx) }))
  .get('/invoices', validate('query', InvoiceQuery), async (c) => {
    const result = await listAdminInvoices(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true as const, ...result });
  })
  .post('/invoices/:id/retry', async (c) => {
    const { data, message } = await retryInvoice(c.var.ctx, c.req.param('id'));
    return c.json({ success: true as const, data, message });
  });
