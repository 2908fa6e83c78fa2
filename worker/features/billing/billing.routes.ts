import { Hono } from 'hono';
import {
  AutopaySchema,
  BILLING_INPUT_MESSAGES,
  CompleteSetupSchema,
  InvoicesQuery,
  StartSetupSchema,
} from '#core/billing/billing-schemas.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { setAutopay, upcomingCharges } from './billing.autopay.ts';
import { getInvoice, invoiceReceipt, listInvoices, payInvoice } from './billing.invoices.ts';
import { completeMethod, listMethods, makeDefault, removeMethod, startMethod } from './billing.methods.ts';

/** /api/billing: a person's saved payment methods, autopay switches, upcoming charges and invoices (API-26 "Billing"). */
export const billingRoutes = new Hono<AppEnv>()
  .get('/methods', async (c) => c.json({ success: true, data: await listMethods(c.var.ctx) }))
  .post('/methods', validate('json', StartSetupSchema), async (c) => {
    const data = await startMethod(c.var.ctx, c.req.valid('json').gateway);
    return c.json({ success: true, data }, 201);
  })
  .post('/methods/:id/complete', validate('json', CompleteSetupSchema), async (c) => {
    const data = await completeMethod(c.var.ctx, c.req.param('id'), c.req.valid('json').proof);
    return c.json({ success: true, data, message: BILLING_INPUT_MESSAGES.methodSaved });
  })
  .post('/methods/:id/default', async (c) => {
    const data = await makeDefault(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data, message: BILLING_INPUT_MESSAGES.defaultSet });
  })
  .delete('/methods/:id', async (c) => {
    await removeMethod(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data: null, message: BILLING_INPUT_MESSAGES.methodRemoved });
  })
  .patch('/memberships/:enrollmentId/autopay', validate('json', AutopaySchema), async (c) => {
    const input = c.req.valid('json');
    const data = await setAutopay(c.var.ctx, c.req.param('enrollmentId'), input);
    return c.json({ success: true, data, message: input.autopay ? BILLING_INPUT_MESSAGES.autopayOn : BILLING_INPUT_MESSAGES.autopayOff });
  })
  .get('/upcoming', async (c) => c.json({ success: true, data: await upcomingCharges(c.var.ctx) }))
  .get('/invoices', validate('query', InvoicesQuery), async (c) => {
    const { invoices, pagination } = await listInvoices(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data: invoices, pagination });
  })
  .get('/invoices/:id', async (c) => c.json({ success: true, data: await getInvoice(c.var.ctx, c.req.param('id')) }))
  .get('/invoices/:id/receipt', async (c) => {
    const { bytes, number } = await invoiceReceipt(c.var.ctx, c.req.param('id'));
    return new Response(bytes as Uint8Array<ArrayBuffer>, {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${number}.pdf"`,
        'cache-control': 'private, no-store',
      },
    });
  })
  .post('/invoices/:id/pay', async (c) => {
    const { invoice, message } = await payInvoice(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data: invoice, message });
  });
