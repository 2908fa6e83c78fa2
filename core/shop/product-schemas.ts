import { z } from 'zod';
import { flag, idList, moneyCents, optionalMoneyCents, optionalText, optionEnum, requiredText, wholeNumber } from '#core/fields.ts';
import { textList } from '#core/list-fields.ts';
import { boolParam, enumParam, listQuery, param, searchParam } from '#core/catalog/query.ts';
import { percentToBp } from './cart-totals.ts';
import { PRODUCT_CATEGORIES, PRODUCT_SORTS, SHOP_LIMITS } from './shop-options.ts';

export const PRODUCT_MESSAGES = {
  bodyObject: 'Request body must be an object',
  notFound: 'Product not found',
  idsRequired: 'Product IDs array is required',
  category: `Category must be one of: ${PRODUCT_CATEGORIES.join(', ')}`,
  sort: `Sort must be one of: ${PRODUCT_SORTS.join(', ')}`,
  discountAbovePrice: 'Discounted price cannot be greater than the price',
  skuTaken: 'A product with this SKU already exists',
  sku: 'SKU may contain only letters, digits, dashes and underscores (at most 40)',
  gstRate: 'GST rate must be a percentage between 0 and 100 with at most 2 decimals',
  weight: 'Weight must be a number of kilograms between 0 and 1000',
  tooManyImages: `A product can have at most ${SHOP_LIMITS.maxImages} images`,
  nothingToUpdate: 'Nothing to update',
  created: 'Product created successfully',
  updated: 'Product updated successfully',
  deleted: 'Product deleted successfully',
} as const;

const toNumber = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v);
const blankToNull = (v: unknown) => (v === '' || v === null || (typeof v === 'string' && v.trim() === '') ? null : v);

const sku = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z
    .string({ error: 'SKU is required' })
    .min(1, 'SKU is required')
    .regex(/^[A-Z0-9_-]{1,40}$/, PRODUCT_MESSAGES.sku),
);

/** 13 or "12.5" → basis points: a tax rate as products, courses and the settings' default take it. */
export const taxRateBp = (message: string) =>
  z.preprocess(
    toNumber,
    z
      .number({ error: message })
      .min(0, message)
      .max(100, message)
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, message)
      .transform(percentToBp),
  );
const gstRate = taxRateBp(PRODUCT_MESSAGES.gstRate);

/** Kilograms (up to 3 decimals) → grams; blank means unknown. */
const weight = z.preprocess(
  (v) => toNumber(blankToNull(v)),
  z
    .number({ error: PRODUCT_MESSAGES.weight })
    .min(0, PRODUCT_MESSAGES.weight)
    .max(1000, PRODUCT_MESSAGES.weight)
    .transform((kg) => Math.round(kg * 1000))
    .nullable()
    .optional(),
);

const choices = (label: string) => textList(label, 30, 40, { separator: /[,\n]/, unique: true, splitLoneItem: true });

const productFields = {
  name: requiredText('Product name', 200, { required: 'Product name is required' }),
  description: optionalText('Description', 10_000),
  price: moneyCents('Price'),
  discountedPrice: optionalMoneyCents('Discounted price'),
  stockQuantity: wholeNumber('Stock quantity', 0, 1_000_000),
  category: optionEnum(PRODUCT_CATEGORIES, PRODUCT_MESSAGES.category),
  sku,
  gstRate: gstRate.optional(),
  shippingFee: moneyCents('Shipping fee').optional(),
  weight,
  sizes: choices('Sizes'),
  colors: choices('Colors'),
  isActive: flag('isActive').optional(),
};

const discountWithinPrice = (v: { price?: number | undefined; discountedPrice?: number | null | undefined }, ctx: z.RefinementCtx) => {
  if (v.discountedPrice != null && v.price !== undefined && v.discountedPrice > v.price)
    ctx.addIssue({ code: 'custom', path: ['discountedPrice'], message: PRODUCT_MESSAGES.discountAbovePrice });
};

export const CreateProductSchema = z.object(productFields, { error: PRODUCT_MESSAGES.bodyObject }).superRefine(discountWithinPrice);
export type CreateProductInput = z.output<typeof CreateProductSchema>;

/** An update names only what changes; `keepImages` lists the stored images (keys or URLs) to keep, in order. */
export const UpdateProductSchema = z
  .object(
    {
      ...Object.fromEntries(Object.entries(productFields).map(([k, f]) => [k, f.optional()])),
      keepImages: textList('keepImages', SHOP_LIMITS.maxImages, 300).optional(),
    } as { [K in keyof typeof productFields]: z.ZodOptional<(typeof productFields)[K]> } & {
      keepImages: z.ZodOptional<ReturnType<typeof textList>>;
    },
    { error: PRODUCT_MESSAGES.bodyObject },
  )
  .superRefine(discountWithinPrice);
export type UpdateProductInput = z.output<typeof UpdateProductSchema>;

export const BulkDeleteProductsSchema = z.object(
  { productIds: idList(PRODUCT_MESSAGES.idsRequired) },
  { error: PRODUCT_MESSAGES.idsRequired },
);

const priceParam = (label: string) =>
  param(
    z.preprocess(
      (v) => (v === '' || v === undefined ? undefined : toNumber(v)),
      z
        .number({ error: `${label} must be a number` })
        .min(0, `${label} must be 0 or more`)
        .transform((n) => Math.round(n * 100))
        .optional(),
    ),
  );

/** GET /api/products: filters, sort and paging; `isActive` and `includeInactive` count for admins only. */
export const ListProductsQuery = listQuery(20, 100).extend({
  search: searchParam,
  category: enumParam(PRODUCT_CATEGORIES, PRODUCT_MESSAGES.category),
  minPrice: priceParam('Minimum price'),
  maxPrice: priceParam('Maximum price'),
  inStock: boolParam('inStock'),
  isActive: boolParam('isActive'),
  includeInactive: boolParam('includeInactive'),
  sort: param(z.preprocess((v) => (v === '' || v === undefined ? 'newest' : v), z.enum(PRODUCT_SORTS, { error: PRODUCT_MESSAGES.sort }))),
});
export type ListProductsQueryInput = z.output<typeof ListProductsQuery>;
