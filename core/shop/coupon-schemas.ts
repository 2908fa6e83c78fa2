import { z } from 'zod';
import { flag, moneyCents, optionalIsoDateTime, optionalMoneyCents, optionalText, optionalWholeNumber, optionEnum } from '#core/fields.ts';
import { pagingQuery } from '#core/paging.ts';
import { enumParam, searchParam } from '#core/catalog/query.ts';
import { percentToBp } from './cart-totals.ts';
import { COUPON_CATEGORIES, COUPON_MESSAGES, DISCOUNT_TYPES, type PurchaseCategory } from './shop-options.ts';

export const COUPON_ADMIN_MESSAGES = {
  bodyObject: 'Request body must be an object',
  required: 'Code, discount type and discount value are required',
  code: 'Coupon code must be 3 to 30 letters, digits, dashes or underscores',
  codeRequired: 'Coupon code is required',
  codeTaken: 'A coupon with this code already exists',
  discountType: `Discount type must be one of: ${DISCOUNT_TYPES.join(', ')}`,
  discountValue: 'Discount value must be a positive number',
  percentage: 'A percentage discount must be more than 0 and at most 100 (2 decimals)',
  category: `Category must be one of: ${COUPON_CATEGORIES.join(', ')}`,
  dates: 'The coupon must start before it ends',
  couponIdRequired: 'Coupon ID is required',
  orderIdRequired: 'Order ID is required',
  notOnOrder: 'This coupon was not applied to this order',
  orderNotLive: 'This order is no longer live',
  notFound: 'Coupon not found',
  nothingToUpdate: 'Nothing to update',
  hasUses: 'This coupon has been used: deactivate it instead of deleting it',
  created: 'Coupon created successfully',
  updated: 'Coupon updated successfully',
  deleted: 'Coupon deleted successfully',
} as const;

/** Spec 5: trimmed and upper-cased. */
export const couponCode = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.string({ error: COUPON_ADMIN_MESSAGES.codeRequired }).min(1, COUPON_ADMIN_MESSAGES.codeRequired).max(40, COUPON_MESSAGES.invalidCode),
);
const newCode = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.string({ error: COUPON_ADMIN_MESSAGES.required }).regex(/^[A-Z0-9_-]{3,30}$/, COUPON_ADMIN_MESSAGES.code),
);

const positiveNumber = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z
    .number({ error: (iss) => (iss.input === undefined ? COUPON_ADMIN_MESSAGES.required : COUPON_ADMIN_MESSAGES.discountValue) })
    .positive(COUPON_ADMIN_MESSAGES.discountValue)
    .max(999_999.99, COUPON_ADMIN_MESSAGES.discountValue),
);

const couponFields = {
  code: newCode,
  description: optionalText('Description', 300),
  discountType: optionEnum(DISCOUNT_TYPES, COUPON_ADMIN_MESSAGES.discountType),
  discountValue: positiveNumber,
  category: optionEnum(COUPON_CATEGORIES, COUPON_ADMIN_MESSAGES.category).optional(),
  minAmount: moneyCents('Minimum amount').optional(),
  maxDiscount: optionalMoneyCents('Maximum discount'),
  validFrom: optionalIsoDateTime('Valid from'),
  validUntil: optionalIsoDateTime('Valid until'),
  usageLimit: optionalWholeNumber('Usage limit', 1, 1_000_000),
  perUserLimit: optionalWholeNumber('Per-user limit', 1, 1_000),
  isActive: flag('isActive').optional(),
};

type Terms = {
  discountType?: string | undefined;
  discountValue?: number | undefined;
  validFrom?: Date | null | undefined;
  validUntil?: Date | null | undefined;
};

/** The value as stored: basis points for a percentage (≤ 100%), cents for a fixed amount. */
export function storedDiscountValue(type: string, value: number): number {
  return type === 'percentage' ? percentToBp(value) : Math.round(value * 100);
}

const termsCheck = (v: Terms, ctx: z.RefinementCtx) => {
  if (
    v.discountType === 'percentage' &&
    v.discountValue !== undefined &&
    (v.discountValue > 100 || Math.abs(v.discountValue * 100 - Math.round(v.discountValue * 100)) > 1e-6)
  )
    ctx.addIssue({ code: 'custom', path: ['discountValue'], message: COUPON_ADMIN_MESSAGES.percentage });
  if (v.validFrom && v.validUntil && v.validFrom.getTime() >= v.validUntil.getTime())
    ctx.addIssue({ code: 'custom', path: ['validUntil'], message: COUPON_ADMIN_MESSAGES.dates });
};

export const CreateCouponSchema = z.object(couponFields, { error: COUPON_ADMIN_MESSAGES.required }).superRefine(termsCheck);
export type CreateCouponInput = z.output<typeof CreateCouponSchema>;

export const UpdateCouponSchema = z
  .object(
    Object.fromEntries(Object.entries(couponFields).map(([k, f]) => [k, f.optional()])) as {
      [K in keyof typeof couponFields]: z.ZodOptional<(typeof couponFields)[K]>;
    },
    { error: COUPON_ADMIN_MESSAGES.bodyObject },
  )
  .superRefine(termsCheck);
export type UpdateCouponInput = z.output<typeof UpdateCouponSchema>;

/** Spec 5: a non-negative amount ('Amount must be a valid positive number'). */
const amount = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z
    .number({ error: COUPON_MESSAGES.amount })
    .min(0, COUPON_MESSAGES.amount)
    .max(999_999.99, COUPON_MESSAGES.amount)
    .transform((n) => Math.round(n * 100)),
);
const purchaseCategory = z.preprocess(
  (v) => (v === undefined || v === null || v === '' || v === 'all' ? 'shop' : typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(['shop', 'course', 'membership'] as const satisfies readonly PurchaseCategory[], { error: COUPON_ADMIN_MESSAGES.category }),
);
const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(64).optional());

/** POST /coupons/validate and /coupons/apply (with an orderId, apply also records the use). */
export const ValidateCouponSchema = z.object(
  { code: couponCode, amount, userId: optionalId, category: purchaseCategory, orderId: optionalId },
  { error: COUPON_ADMIN_MESSAGES.codeRequired },
);
export type ValidateCouponInput = z.output<typeof ValidateCouponSchema>;

export const RecordUsageSchema = z.object(
  {
    couponId: z.string({ error: COUPON_ADMIN_MESSAGES.couponIdRequired }).trim().min(1, COUPON_ADMIN_MESSAGES.couponIdRequired).max(64),
    orderId: z.string({ error: COUPON_ADMIN_MESSAGES.orderIdRequired }).trim().min(1, COUPON_ADMIN_MESSAGES.orderIdRequired).max(64),
  },
  { error: COUPON_ADMIN_MESSAGES.couponIdRequired },
);

export const COUPON_LIST_STATUSES = ['active', 'inactive', 'expired', 'all'] as const;

/** GET /coupons: the active ones by default, 50 at most (spec 9). */
export const ListCouponsQuery = pagingQuery(50, 100).extend({
  status: enumParam(COUPON_LIST_STATUSES, `Status must be one of: ${COUPON_LIST_STATUSES.join(', ')}`).transform((v) => v ?? 'active'),
  search: searchParam,
});
export type ListCouponsQueryInput = z.output<typeof ListCouponsQuery>;
