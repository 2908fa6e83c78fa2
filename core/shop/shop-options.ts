/** The shop's choices and limits without zod, for the schemas, the server and the browser alike (spec 3, 9). */

export const PRODUCT_CATEGORIES = ['uniforms', 'belts', 'protective-gear', 'training-equipment', 'apparel', 'accessories'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];
export const PRODUCT_CATEGORY_LABELS: Record<ProductCategory, string> = {
  uniforms: 'Uniforms',
  belts: 'Belts',
  'protective-gear': 'Protective gear',
  'training-equipment': 'Training equipment',
  apparel: 'Apparel',
  accessories: 'Accessories',
};
export const PRODUCT_SORTS = ['newest', 'price-asc', 'price-desc', 'name'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const DISCOUNT_TYPES = ['percentage', 'fixed'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export const COUPON_CATEGORIES = ['shop', 'course', 'membership', 'all'] as const;
export type CouponCategory = (typeof COUPON_CATEGORIES)[number];
/** What a coupon is spent on: the category a purchase checks the coupon against. */
export type PurchaseCategory = Exclude<CouponCategory, 'all'>;

export const PURCHASE_TYPES = [
  'order',
  'course_enrollment',
  'membership',
  'course_renewal',
  'membership_renewal',
  'grading_fee',
  'invoice',
] as const;
export type PurchaseType = (typeof PURCHASE_TYPES)[number];
export const PAYMENT_GATEWAYS = ['stripe', 'paypal', 'razorpay', 'sandbox'] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAYS)[number];
export const PAYMENT_STATUSES = ['created', 'succeeded', 'failed', 'cancelled', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * What an admin's PUT /payments/status/:id may do from each status: an open payment is taken by hand
 * (cash at the desk), failed or cancelled; a taken one can only be refunded. Gateways move them too.
 */
export const PAYMENT_MOVES: Record<PaymentStatus, readonly PaymentStatus[]> = {
  created: ['succeeded', 'failed', 'cancelled'],
  succeeded: ['refunded'],
  failed: [],
  cancelled: [],
  refunded: [],
};

export const SHOP_LIMITS = {
  /** Spec 9: a payment is between 0.50 and 999999.99. */
  minPaymentCents: 50,
  maxPaymentCents: 99_999_999,
  /** Spec 9: the cart's max stock when none is known. */
  defaultMaxStock: 999,
  maxQuantity: 999,
  maxCartLines: 50,
  maxImages: 8,
  activeCouponsLimit: 50,
  /** Minutes an unpaid order holds its stock and coupon use (ORDER_PAYMENT_WINDOW_MINUTES overrides). */
  paymentWindowMinutes: 30,
  /** An order that leaves this many or fewer of a product in stock (its last ones included) holds them only… */
  lowStockLeft: 3,
  /** …this many minutes (or the payment window, if shorter): scarce items go back to the shelf sooner. */
  lowStockWindowMinutes: 10,
  /** Open unpaid orders one account may hold at once unless the school's settings say otherwise. */
  maxUnpaidOrders: 3,
} as const;

/** Spec 8 coupon messages: what the server answers and what the browser shows. */
export const COUPON_MESSAGES = {
  notFound: 'Coupon code not found',
  expired: 'This coupon has expired',
  notYetValid: 'This coupon is not valid yet',
  minAmount: "Order doesn't meet minimum amount requirement",
  maxDiscount: 'Maximum discount limit reached',
  usageLimit: 'Coupon usage limit exceeded',
  inactive: 'This coupon is no longer active',
  invalidCode: 'Invalid coupon code',
  amount: 'Amount must be a valid positive number',
  emptyCart: 'Cart is empty. Add items before applying coupon.',
  browserDefault: 'Invalid or expired coupon code',
  browser400: 'Coupon is expired or invalid',
  browser5xx: 'Server error while validating coupon',
  browserOther: 'Failed to validate coupon',
} as const;

export const wrongCategoryMessage = (category: PurchaseCategory) => `This coupon is not valid for ${category} purchases`;

/** Spec 9 default cancel reasons. */
export const CANCEL_REASONS = { user: 'Cancelled by user', admin: 'Cancelled by admin', expired: 'Payment not received in time' } as const;

/** Checkout with no gateway configured (production): the server's 503 and the checkout's notice say the same. */
export const NO_GATEWAY = 'Online payment is not available: no payment gateway is configured';
