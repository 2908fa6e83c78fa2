import { Hono } from 'hono';
import { AllPaymentsQuery, CancelPaymentSchema, MyPaymentsQuery, PaymentStatusSchema } from '#core/shop/payment-schemas.ts';
import type { AppEnv } from '#worker/env.ts';
import { serializePayment } from '#worker/lib/payments/serialize.ts';
import { validate } from '#worker/lib/validate.ts';
import { paymentMethods } from '#worker/lib/payments/methods.ts';
import { bodyLimit } from '#worker/middleware/body-limit.ts';
import { allPayments, myPayments, paymentCurrency, paymentDetail, paymentsOfPurchase, visiblePayment } from './payments.read.ts';
import { cancelPayment, setPaymentStatus } from './payments.write.ts';
import { handleWebhook } from './payments.webhook.ts';

/**
 * A gateway's event is a few KiB; Stripe documents no cap, and an event carrying objects with full metadata
 * (50 keys of 500 characters each) can reach a few hundred KiB, so 1 MiB refuses no genuine event.
 */
const webhookBody = { maxBytes: 1024 * 1024, tooLargeMessage: 'The webhook body is too large' };

/** Spec 7 Payments and the payment methods (the sandbox's checkout is a page route: worker/pages/shop). */
export const paymentsRoutes = new Hono<AppEnv>()
  .get('/currency', async (c) => {
    const currency = await paymentCurrency(c.var.ctx);
    return c.json({ success: true, data: currency, currency });
  })
  .get('/methods', async (c) => {
    const methods = await paymentMethods(c.var.ctx);
    return c.json({ success: true, data: methods, ...methods });
  })
  .get('/user', validate('query', MyPaymentsQuery), async (c) => {
    const { payments, pagination } = await myPayments(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data: payments, payments, pagination });
  })
  .get('/user/:orderId', async (c) => {
    const payments = await paymentsOfPurchase(c.var.ctx, c.req.param('orderId'));
    return c.json({ success: true, data: payments, payments, count: payments.length });
  })
  .get('/status/:id', async (c) => {
    const payment = serializePayment(await visiblePayment(c.var.ctx, c.req.param('id')));
    return c.json({
      success: true,
      data: { _id: payment._id, status: payment.status, purchaseType: payment.purchaseType, purchaseId: payment.purchaseId },
    });
  })
  .post('/cancel/:id', validate('json', CancelPaymentSchema), async (c) => {
    const payment = await cancelPayment(c.var.ctx, c.req.param('id'), c.req.valid('json').reason);
    return c.json({ success: true, data: payment, payment, message: 'Payment cancelled' });
  })
  .get('/all', validate('query', AllPaymentsQuery), async (c) => {
    const { payments, pagination } = await allPayments(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data: payments, payments, pagination });
  })
  .put('/status/:id', validate('json', PaymentStatusSchema), async (c) => {
    const payment = await setPaymentStatus(c.var.ctx, c.req.param('id'), c.req.valid('json').status);
    return c.json({ success: true, data: payment, payment, message: 'Payment status updated' });
  })
  .post('/webhooks/:gateway', bodyLimit(webhookBody), async (c) => {
    const result = await handleWebhook(c.var.ctx, c.req.param('gateway'), { rawBody: await c.req.text(), headers: c.req.raw.headers });
    return c.json({ success: true, data: result });
  })
  .get('/:id', async (c) => {
    const payment = await paymentDetail(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data: payment, payment });
  });
