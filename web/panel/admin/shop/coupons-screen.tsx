import { COUPON_CATEGORIES, DISCOUNT_TYPES } from '#core/shop/shop-options.ts';
import type { CouponView } from '#core/shop/views.ts';
import { ResourceScreen } from '#web/panel/resource/resource-screen.tsx';
import { apiReader } from '#web/panel/resource/call.ts';
import type { Item, ResourceConfig } from '#web/panel/resource/types.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { formatMoney, toCents } from '#core/money.ts';
import { DEFAULT_SHOP_TERMS, type ShopTerms } from '#core/shop/shop-terms.ts';
import { Loading } from '#web/components/loading.tsx';
import { useShopConfig } from '#web/panel/admin/shop/shop-config.ts';
import { activeToggle, dateTime, options } from '#web/panel/admin/screens/shared.tsx';

type Coupon = CouponView & Item;

const value = (terms: ShopTerms) => (c: Coupon) =>
  c.discountType === 'percentage' ? `${c.discountValue}%` : formatMoney(toCents(c.discountValue), terms.money);
const usage = (c: Coupon) => `${c.usedCount}${c.usageLimit ? ` / ${c.usageLimit}` : ''}`;

/** Coupons (spec 7): the list shows how much each is used (live uses against its limit). */
export const couponsConfig: ResourceConfig<Coupon> = {
  key: 'coupons',
  title: 'Coupons',
  singular: 'coupon',
  plural: 'coupons',
  endpoint: '/coupons',
  createFailed: 'Failed to create coupon',
  loadFailed: 'Failed to fetch coupon details',
  pageSize: 20,
  read: apiReader<Coupon>('/coupons', 'Failed to fetch coupons'),
  search: 'Search by code or description',
  filters: [{ name: 'status', label: 'Status', allLabel: 'Active', options: options(['inactive', 'expired', 'all']) }],
  columns: [
    { label: 'Discount', render: value(DEFAULT_SHOP_TERMS) },
    { label: 'For', render: (c) => c.category },
    { label: 'Used', render: usage, className: 'cell-number' },
    { label: 'Ends', render: (c) => dateTime(c.validUntil) },
  ],
  nameOf: (c) => c.code,
  nameLabel: 'Code',
  toggles: [activeToggle('/coupons')],
  fields: [
    { name: 'code', label: 'Code', type: 'text', required: true, maxLength: 30, hint: '3–30 letters, digits, dashes; stored in capitals.' },
    { name: 'description', label: 'Description', type: 'text', maxLength: 300, blank: 'empty' },
    {
      name: 'discountType',
      label: 'Discount type',
      type: 'select',
      options: options(DISCOUNT_TYPES),
      required: true,
      defaultValue: 'percentage',
    },
    {
      name: 'discountValue',
      label: 'Discount value',
      type: 'number',
      min: 0.01,
      max: 999_999.99,
      step: 0.01,
      required: true,
      hint: 'Percent for a percentage, dollars for a fixed amount.',
    },
    { name: 'category', label: 'Valid for', type: 'select', options: options(COUPON_CATEGORIES), defaultValue: 'all' },
    { name: 'minAmount', section: 'Conditions', label: 'Minimum order amount', type: 'money', max: 999_999.99, defaultValue: '0' },
    { name: 'maxDiscount', label: 'Maximum discount', type: 'money', max: 999_999.99, blank: 'null', hint: 'Caps a percentage discount.' },
    { name: 'validFrom', label: 'Valid from', type: 'datetime', blank: 'null' },
    { name: 'validUntil', label: 'Valid until', type: 'datetime', blank: 'null' },
    { name: 'usageLimit', label: 'Total uses allowed', type: 'number', min: 1, max: 1_000_000, blank: 'null' },
    { name: 'perUserLimit', label: 'Uses per person', type: 'number', min: 1, max: 1000, blank: 'null' },
    { name: 'isActive', label: 'Active', type: 'checkbox', defaultValue: true },
  ],
};

/** The list's fixed discounts in the school's money format. */
const couponsConfigFor = (terms: ShopTerms): ResourceConfig<Coupon> => ({
  ...couponsConfig,
  columns: couponsConfig.columns.map((c) => (c.label === 'Discount' ? { ...c, render: value(terms) } : c)),
});

export default function CouponsScreen(props: PanelScreenProps) {
  const config = useShopConfig(couponsConfigFor);
  return config ? <ResourceScreen config={config} base={props.base} path={props.path} /> : <Loading label="Loading..." />;
}
