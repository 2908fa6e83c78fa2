/**
 * The shop's JSON as the API sends it and the browser reads it (ARCHITECTURE "API contract": string
 * `_id`, camelCase, ISO dates, money as decimals with 2 places). Server serialisers return these types.
 */
import type { CouponCategory, DiscountType, PaymentGatewayName, PaymentStatus, PurchaseType } from './shop-options.ts';
import type { CurrencySettings } from './currency.ts';
import type { OrderStatus } from './order-status.ts';

export type ProductView = {
  _id: string;
  name: string;
  description: string;
  /** The list price; `originalPrice` repeats it (spec 3 names both). */
  price: number;
  originalPrice: number;
  discountedPrice: number | null;
  /** What the buyer pays per unit: discountedPrice, else price. */
  finalPrice: number;
  images: string[];
  image: string | null;
  stockQuantity: number;
  inStock: boolean;
  category: string;
  sku: string;
  /** Percent, e.g. 13 or 12.5. */
  gstRate: number;
  shippingFee: number;
  /** Kilograms, up to 3 decimals. */
  weight: number | null;
  sizes: string[];
  colors: string[];
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
};

export type CouponView = {
  _id: string;
  id: string;
  code: string;
  description: string;
  discountType: DiscountType;
  /** Percent for a percentage coupon (12.5), currency decimal for a fixed one (10.00). */
  discountValue: number;
  category: CouponCategory;
  minAmount: number;
  maxDiscount: number | null;
  validFrom: string | null;
  validUntil: string | null;
  usageLimit: number | null;
  perUserLimit: number | null;
  usedCount: number;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
};

export type CouponCalculationView = { discountAmount: number; finalAmount: number; originalAmount: number; savings: number };

export type OrderItemView = {
  _id: string;
  product: string | null;
  productId: string | null;
  name: string;
  sku: string;
  image: string | null;
  size: string | null;
  color: string | null;
  quantity: number;
  /** Unit price paid and the list price. */
  price: number;
  originalPrice: number;
  gstRate: number;
  discountAmount: number;
  gstAmount: number;
  shippingFee: number;
  lineTotal: number;
};

export type OrderView = {
  _id: string;
  orderNumber: string;
  user: string;
  orderStatus: OrderStatus;
  items: OrderItemView[];
  currency: string;
  subtotal: number;
  couponCode: string | null;
  discountAmount: number;
  gstAmount: number;
  shippingAmount: number;
  totalAmount: number;
  paymentMethod: string;
  contact: { name: string; email: string; phone: string };
  shippingAddress: { line1: string; line2: string; city: string; province: string; postalCode: string; country: string };
  notes: string;
  cancelReason: string | null;
  cancelledAt: string | null;
  paidAt: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  refundedAt: string | null;
  expiresAt: string;
  createdAt: string;
  updatedAt: string;
};

export type PaymentView = {
  _id: string;
  user: string | null;
  status: PaymentStatus;
  purchaseType: PurchaseType;
  purchaseId: string;
  gateway: PaymentGatewayName;
  sessionId: string;
  providerPaymentId: string | null;
  amount: number;
  currency: string;
  failureReason: string | null;
  paidAt: string | null;
  refundedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Who paid, on the school's list and on one payment's page. */
  payer?: PaymentPayer | null;
};
export type PaymentPayer = { name: string; email: string };

/**
 * What the browser needs to send the buyer to pay (ARCHITECTURE "Local payments"): amount in cents.
 * `checkoutUrl` is where to go (sandbox page, Stripe Checkout, PayPal approval); Razorpay's widget
 * needs `keyId` and opens in the page instead.
 */
export type PaymentStart = {
  gateway: PaymentGatewayName;
  paymentRecordId: string;
  sessionId: string;
  amount: number;
  currency: string;
  checkoutUrl: string | null;
  /** Our page the buyer comes back to with the gateway's proof (a modal gateway such as Razorpay sends them there itself). */
  returnPath: string;
  keyId?: string;
};

/** Spec 3 Payment methods response. */
export type PaymentMethodsView = {
  currency: Pick<CurrencySettings, 'code' | 'symbol' | 'name'> & { enforced: boolean };
  availableGateways: PaymentGatewayName[];
  supportedMethods: { id: PaymentGatewayName; name: string; description: string; supported: boolean }[];
};
