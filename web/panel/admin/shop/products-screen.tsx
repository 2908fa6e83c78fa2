import { PRODUCT_CATEGORIES, PRODUCT_CATEGORY_LABELS, PRODUCT_SORTS, SHOP_LIMITS, type ProductCategory } from '#core/shop/shop-options.ts';
import type { ProductView } from '#core/shop/views.ts';
import { ResourceScreen } from '#web/panel/resource/resource-screen.tsx';
import { Loading } from '#web/components/loading.tsx';
import { useShopConfig } from '#web/panel/admin/shop/shop-config.ts';
import { listParams } from '#web/panel/resource/call.ts';
import { STORAGE_KEYS } from '#web/lib/storage-keys.ts';
import { readWithStoredCopy } from '#web/lib/stored-copy.ts';
import type { ExistingFile, Item, ResourceConfig } from '#web/panel/resource/types.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { formatMoney, toCents } from '#core/money.ts';
import { DEFAULT_SHOP_TERMS, type ShopTerms } from '#core/shop/shop-terms.ts';
import { activeToggle, IMAGE_RULES, options, yesNo } from '#web/panel/admin/screens/shared.tsx';

type Product = ProductView & Item;

const CATEGORY_OPTIONS = options(PRODUCT_CATEGORIES, (c) => PRODUCT_CATEGORY_LABELS[c as ProductCategory]);
const imagesOf = (p: Item): ExistingFile[] =>
  ((p as Product).images ?? []).map((url, i) => ({ id: url, name: `Picture ${i + 1}`, url, image: true }));

const price = (terms: ShopTerms) =>
  function ProductPrice(p: Product) {
    const money = (n: number) => formatMoney(toCents(n), terms.money);
    if (p.discountedPrice == null) return money(p.price);
    return (
      <>
        <span className="price-now">{money(p.discountedPrice)}</span> <s className="muted">{money(p.price)}</s>
      </>
    );
  };

/** The shop's products (spec 7 Products): pictures uploaded with progress, sizes and colours as lists. */
export const productsConfig: ResourceConfig<Product> = {
  key: 'products',
  title: 'Products',
  singular: 'product',
  plural: 'products',
  endpoint: '/products',
  createFailed: 'Failed to create product',
  pageSize: 20,
  // The last list is kept under the spec's `products` key and shown, marked offline, when the API is down.
  read: (q, limit, signal) =>
    readWithStoredCopy<Product[]>(STORAGE_KEYS.products, '/products', {
      query: listParams({ ...q, filters: { includeInactive: 'true', ...q.filters } }, limit),
      signal,
      fallback: 'Failed to fetch products',
    }),
  search: 'Search by name, SKU or description',
  filters: [
    { name: 'category', label: 'Category', options: CATEGORY_OPTIONS },
    yesNo('isActive', 'Status', 'Active', 'Inactive'),
    yesNo('inStock', 'Stock', 'In stock', 'Out of stock'),
    { name: 'sort', label: 'Sort', allLabel: 'Newest first', options: options(PRODUCT_SORTS.filter((s) => s !== 'newest')) },
  ],
  columns: [
    { label: 'SKU', render: (p) => p.sku },
    { label: 'Category', render: (p) => PRODUCT_CATEGORY_LABELS[p.category as ProductCategory] ?? p.category },
    { label: 'Price', render: price(DEFAULT_SHOP_TERMS), className: 'cell-number cell-price' },
    { label: 'Stock', render: (p) => p.stockQuantity, className: 'cell-number' },
  ],
  nameOf: (p) => p.name,
  thumbnail: (p) => p.image,
  toggles: [activeToggle('/products')],
  bulkDelete: { path: '/products', method: 'DELETE', idsKey: 'productIds' },
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true, requiredMessage: 'Product name is required', maxLength: 200 },
    {
      name: 'sku',
      label: 'SKU',
      type: 'text',
      required: true,
      maxLength: 40,
      hint: 'Letters, digits, dashes; unique. Stored in capitals.',
    },
    { name: 'category', label: 'Category', type: 'select', options: CATEGORY_OPTIONS, required: true, defaultValue: 'uniforms' },
    { name: 'description', label: 'Description', type: 'textarea', rows: 5, maxLength: 10_000, blank: 'empty' },
    { name: 'price', section: 'Price, tax and stock', label: 'Price', type: 'money', required: true, max: 999_999.99 },
    {
      name: 'discountedPrice',
      label: 'Discounted price',
      type: 'money',
      max: 999_999.99,
      blank: 'null',
      hint: 'Charged instead of the price when set.',
    },
    {
      name: 'gstRate',
      label: 'Tax rate (%)',
      type: 'number',
      min: 0,
      max: 100,
      step: 0.01,
      hint: "Starts at the school's default tax rate (Settings → Shop).",
    },
    { name: 'shippingFee', label: 'Shipping fee per item', type: 'money', max: 999_999.99, defaultValue: '0' },
    { name: 'stockQuantity', label: 'Stock', type: 'number', min: 0, max: 1_000_000, required: true, defaultValue: '0' },
    { name: 'weight', label: 'Weight (kg)', type: 'number', min: 0, max: 1000, step: 0.001, blank: 'null' },
    {
      name: 'sizes',
      section: 'Choices',
      label: 'Sizes',
      type: 'list',
      maxItems: 30,
      hint: 'One per line; buyers must pick one when listed.',
    },
    { name: 'colors', label: 'Colours', type: 'list', maxItems: 30, hint: 'One per line; buyers must pick one when listed.' },
    {
      name: 'images',
      section: 'Pictures and visibility',
      label: 'Pictures',
      type: 'files',
      multiple: true,
      hint: `JPEG, PNG or WebP, up to 5MB each, at most ${SHOP_LIMITS.maxImages} pictures.`,
      rules: IMAGE_RULES,
      existing: { from: imagesOf, keepName: 'keepImages' },
    },
    { name: 'isActive', label: 'Active (shown in the shop)', type: 'checkbox', defaultValue: true },
  ],
};

/** The list's prices in the school's money format. */
const productsConfigFor = (terms: ShopTerms): ResourceConfig<Product> => ({
  ...productsConfig,
  columns: productsConfig.columns.map((c) => (c.label === 'Price' ? { ...c, render: price(terms) } : c)),
});

export default function ProductsScreen(props: PanelScreenProps) {
  const config = useShopConfig(productsConfigFor);
  return config ? <ResourceScreen config={config} base={props.base} path={props.path} /> : <Loading label="Loading..." />;
}
