import { Hono } from 'hono';
import {
  AdminOrdersQuery,
  BulkDeleteOrdersSchema,
  CancelOrderSchema,
  CreateOrderSchema,
  MyOrdersQuery,
  ORDER_MESSAGES,
  OrderStatusSchema,
  PayOrderSchema,
  VerifyOrderPaymentSchema,
} from '#core/shop/order-schemas.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { bodyLimit } from '#worker/middleware/body-limit.ts';
import { createOrder } from './orders.create.ts';
import { bulkDeleteOrders, deleteOrder } from './orders.delete.ts';
import { cancelOrder, changeOrderStatus } from './orders.moves.ts';
import { payAgain } from './orders.pay.ts';
import { allOrders, getOrder, myOrders } from './orders.read.ts';
import { verifyOrderPayment } from './orders.verify.ts';

const orderBody = bodyLimit({ maxBytes: 64 * 1024, tooLargeMessage: 'The order is too large' });

const plural = (n: number) => `${n} order${n === 1 ? '' : 's'}`;

// Fixed paths (/verify-payment, /my-orders, /admin/all, /bulk/delete) come before /:id so it cannot swallow them.
export const ordersRoutes = new Hono<AppEnv>()
  .post('/', orderBody, validate('json', CreateOrderSchema), async (c) => {
    const data = await createOrder(c.var.ctx, c.req.valid('json'));
    return c.json({ success: true, message: ORDER_MESSAGES.created, data }, 201);
  })
  .post('/verify-payment', validate('json', VerifyOrderPaymentSchema), async (c) => {
    const data = await verifyOrderPayment(c.var.ctx, c.req.valid('json'));
    return c.json({ success: true, message: ORDER_MESSAGES.verified, data });
  })
  .get('/my-orders', validate('query', MyOrdersQuery), async (c) => {
    const { orders, pagination } = await myOrders(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data: orders, pagination });
  })
  .get('/admin/all', validate('query', AdminOrdersQuery), async (c) => {
    const { orders, pagination } = await allOrders(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data: orders, pagination });
  })
  .delete('/bulk/delete', validate('json', BulkDeleteOrdersSchema), async (c) => {
    const data = await bulkDeleteOrders(c.var.ctx, c.req.valid('json').orderIds);
    return c.json({ success: true, data, count: data.deletedCount, message: `${plural(data.deletedCount)} deleted successfully` });
  })
  .get('/:id', async (c) => {
    const order = await getOrder(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data: order });
  })
  .post('/:id/pay', validate('json', PayOrderSchema), async (c) => {
    const payment = await payAgain(c.var.ctx, c.req.param('id'), c.req.valid('json').paymentMethod);
    return c.json({ success: true, message: 'Payment started', data: { payment } }, 201);
  })
  .patch('/:id/cancel', validate('json', CancelOrderSchema), async (c) => {
    const order = await cancelOrder(c.var.ctx, c.req.param('id'), c.req.valid('json').cancelReason);
    return c.json({ success: true, message: ORDER_MESSAGES.cancelled, data: order });
  })
  .patch('/:id/status', validate('json', OrderStatusSchema), async (c) => {
    const order = await changeOrderStatus(c.var.ctx, c.req.param('id'), c.req.valid('json').status);
    return c.json({ success: true, message: `Order status updated to ${order.orderStatus}`, data: order });
  })
  .delete('/:id', async (c) => {
    const data = await deleteOrder(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data, message: 'Order deleted successfully' });
  });
