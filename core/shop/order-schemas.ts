import { z } from 'zod';
import { EMAIL_PATTERN } from '#core/auth/fields.ts';
import { idList, isoDateTime, requiredText, text } from '#core/fields.ts';
import { pagingQuery } from '#core/paging.ts';
import { ORDER_STATUSES, ORDER_STATUS_LABELS, type OrderStatus } from './order-status.ts';
import { SHOP_LIMITS } from './shop-options.ts';
import { VERIFY_FAILED } from './payment-schemas.ts';

/** Spec 5/7/8 order messages: what the server answers and the checkout shows. */
export const ORDER_MESSAGES = {
  bodyObject: 'Please send the order as a JSON object',
  itemsRequired: 'Your cart is empty. Add items before checking out.',
  tooManyLines: `An order can have at most ${SHOP_LIMITS.maxCartLines} lines`,
  productRequired: 'Each item needs a product',
  quantity: `Quantity must be a whole number between 1 and ${SHOP_LIMITS.maxQuantity}`,
  contactName: 'Name is required',
  contactEmail: 'Valid email address is required',
  contactPhone: 'Phone number is required',
  line1: 'Address line 1 is required',
  city: 'City is required',
  province: 'Province is required',
  postalCode: 'Postal code is required',
  country: 'Country is required',
  notFound: 'Order not found',
  created: 'Order created successfully',
  verified: 'Payment verified',
  verifyFailed: VERIFY_FAILED,
  cancelled: 'Order cancelled successfully',
  notPending: 'This order is not awaiting payment',
  expired: 'This order has expired: its items were released. Please place a new order.',
  idsRequired: 'Order IDs array is required',
  invalidStatus: `Status must be one of: ${ORDER_STATUSES.join(', ')}`,
  gatewayDown: 'The payment service could not be reached. Your order was not placed; please try again.',
  unpaidLimit: (n: number) => `You have ${n} unpaid ${n === 1 ? 'order' : 'orders'}. Pay or cancel one before placing another.`,
  unpaidLimitIp: 'Too many unpaid orders from your network. Pay or cancel one before placing another.',
} as const;

export const unavailableProduct = (id: string) => `Product ${id} is not available`;
export const insufficientStock = (name: string, left: number) =>
  left > 0 ? `Only ${left} of ${name} left in stock` : `${name} is out of stock`;
export const cannotMove = (from: OrderStatus, to: OrderStatus) => `Cannot change an order from ${from} to ${to}`;
export const statusLabel = (s: OrderStatus) => ORDER_STATUS_LABELS[s];

const blankToNull = (v: unknown) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v);
const choice = (label: string) => z.preprocess(blankToNull, text(label, 60).nullable());

const ItemSchema = z.object(
  {
    product: z
      .string({ error: ORDER_MESSAGES.productRequired })
      .trim()
      .min(1, ORDER_MESSAGES.productRequired)
      .max(64, ORDER_MESSAGES.productRequired),
    quantity: z
      .number({ error: ORDER_MESSAGES.quantity })
      .int(ORDER_MESSAGES.quantity)
      .min(1, ORDER_MESSAGES.quantity)
      .max(SHOP_LIMITS.maxQuantity, ORDER_MESSAGES.quantity),
    size: choice('Size'),
    color: choice('Color'),
    /** What the browser believed the price was: never used (the server prices every line). */
    price: z.unknown().optional(),
  },
  { error: ORDER_MESSAGES.productRequired },
);

const ContactSchema = z.object(
  {
    name: requiredText('Name', 120, { required: ORDER_MESSAGES.contactName }),
    email: z
      .string({ error: ORDER_MESSAGES.contactEmail })
      .trim()
      .toLowerCase()
      .max(254, ORDER_MESSAGES.contactEmail)
      .regex(EMAIL_PATTERN, ORDER_MESSAGES.contactEmail),
    phone: requiredText('Phone number', 40, { required: ORDER_MESSAGES.contactPhone }),
  },
  { error: ORDER_MESSAGES.contactName },
);

const AddressSchema = z.object(
  {
    line1: requiredText('Address line 1', 200, { required: ORDER_MESSAGES.line1 }),
    line2: z.preprocess((v) => v ?? '', text('Address line 2', 200)),
    city: requiredText('City', 100, { required: ORDER_MESSAGES.city }),
    province: requiredText('Province', 100, { required: ORDER_MESSAGES.province }),
    postalCode: requiredText('Postal code', 20, { required: ORDER_MESSAGES.postalCode }),
    country: requiredText('Country', 100, { required: ORDER_MESSAGES.country }),
  },
  { error: ORDER_MESSAGES.line1 },
);

const paymentMethod = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : (v ?? undefined)),
  z.string({ error: 'Payment method must be text' }).max(20, 'Payment method must be text').optional(),
);

/** POST /api/orders: the lines and the checkout form. Prices, totals and statuses are never read from it. */
export const CreateOrderSchema = z.object(
  {
    items: z
      .array(ItemSchema, { error: ORDER_MESSAGES.itemsRequired })
      .min(1, ORDER_MESSAGES.itemsRequired)
      .max(SHOP_LIMITS.maxCartLines, ORDER_MESSAGES.tooManyLines),
    couponCode: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() || undefined : (v ?? undefined)),
      z.string({ error: 'Coupon code must be text' }).max(50, 'Invalid coupon code').optional(),
    ),
    paymentMethod,
    contact: ContactSchema,
    shippingAddress: AddressSchema,
    notes: z.preprocess((v) => v ?? '', text('Notes', 1000)),
  },
  { error: ORDER_MESSAGES.bodyObject },
);
export type CreateOrderInput = z.output<typeof CreateOrderSchema>;
export type OrderLineInput = CreateOrderInput['items'][number];

export const PayOrderSchema = z.object({ paymentMethod }, { error: ORDER_MESSAGES.bodyObject });

const proofField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(200, `${label} is too long`);

export const VerifyOrderPaymentSchema = z.object(
  {
    orderId: proofField('Order ID'),
    sessionId: proofField('Session ID'),
    paymentId: proofField('Payment ID'),
    // Stripe and PayPal send the buyer back with ids only (the server asks the provider); Razorpay and the sandbox sign.
    signature: z.string().trim().max(200, 'Signature is too long').default(''),
  },
  { error: ORDER_MESSAGES.verifyFailed },
);

export const CancelOrderSchema = z.object(
  { cancelReason: z.preprocess((v) => (typeof v === 'string' && v.trim() ? v : undefined), text('Cancel reason', 500).optional()) },
  { error: ORDER_MESSAGES.bodyObject },
);

export const OrderStatusSchema = z.object(
  { status: z.enum(ORDER_STATUSES, { error: ORDER_MESSAGES.invalidStatus }) },
  { error: ORDER_MESSAGES.invalidStatus },
);

export const BulkDeleteOrdersSchema = z.object({ orderIds: idList(ORDER_MESSAGES.idsRequired, 64) }, { error: ORDER_MESSAGES.idsRequired });

const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const blank = (v: unknown) => v === undefined || (typeof v === 'string' && v.trim() === '');
const statusFilter = z.preprocess(
  (v) => (blank(first(v)) || first(v) === 'all' ? undefined : first(v)),
  z.enum(ORDER_STATUSES, { error: ORDER_MESSAGES.invalidStatus }).optional(),
);

/** GET /api/orders/my-orders: paging and a status filter, newest first. */
export const MyOrdersQuery = pagingQuery(10, 50).extend({ status: statusFilter });
export type MyOrdersQueryInput = z.output<typeof MyOrdersQuery>;

/** A date alone as the end of a range means the whole of that day (UTC). */
const endOfDay = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v.trim()) ? `${v.trim()}T23:59:59.999Z` : v);
const optionalDate = (label: string, widen: (v: unknown) => unknown = (v) => v) =>
  z.preprocess((v) => (blank(first(v)) ? undefined : widen(first(v))), isoDateTime(label).optional());

/** GET /api/orders/admin/all: status, search (number, e-mail, name), a creation date range, paging. */
export const AdminOrdersQuery = pagingQuery(20, 100).extend({
  status: statusFilter,
  search: z.preprocess(
    (v) => (blank(first(v)) ? undefined : first(v)),
    z.string().trim().max(200, 'Search term must be at most 200 characters').optional(),
  ),
  from: optionalDate('From date'),
  to: optionalDate('To date', endOfDay),
});
export type AdminOrdersQueryInput = z.output<typeof AdminOrdersQuery>;
