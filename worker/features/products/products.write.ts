import { and, eq, inArray, sql } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import { PRODUCT_MESSAGES, type CreateProductInput, type UpdateProductInput } from '#core/shop/product-schemas.ts';
import { SHOP_LIMITS } from '#core/shop/shop-options.ts';
import { products, type NewProductRow, type ProductRow } from '#db/schema/index.ts';
import { defaultTaxRateBpSql } from '#worker/lib/shop-terms.ts';
import { mapDbErrors } from '#worker/lib/catalog/db.ts';
import { badRequest, conflict, notFound } from '#worker/lib/errors.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { putFiles, removeObjects, type CheckedFile } from '#worker/lib/stored-files.ts';
import { writeOrRemove } from '#worker/lib/stored-objects.ts';
import { serializeProduct } from './products.serialize.ts';

const PRODUCT_DB_ERRORS = {
  checks: {
    products_discount_within_price: PRODUCT_MESSAGES.discountAbovePrice,
    products_price_nonnegative: 'Price must be 0 or more',
    products_stock_nonnegative: 'Stock quantity must be 0 or more',
  },
  unique: { 'products.sku': PRODUCT_MESSAGES.skuTaken },
  foreignKey: 'This product is still referenced: deactivate it instead of deleting it',
};

/** The given fields as columns (decimals are already cents, the rate basis points, the weight grams). */
function productColumns(input: UpdateProductInput): Partial<NewProductRow> {
  const { price, discountedPrice, gstRate, shippingFee, weight, keepImages: _keep, ...rest } = input;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) if (value !== undefined) out[key] = value;
  if (price !== undefined) out.priceCents = price;
  if (discountedPrice !== undefined) out.discountedPriceCents = discountedPrice;
  if (gstRate !== undefined) out.gstRateBp = gstRate;
  if (shippingFee !== undefined) out.shippingFeeCents = shippingFee;
  if (weight !== undefined) out.weightGrams = weight;
  if (input.description === null) out.description = '';
  return out as Partial<NewProductRow>;
}

/** POST /api/products: pictures first, then the row; a refused row removes the pictures again. */
export async function createProduct(ctx: ServiceCtx, input: CreateProductInput, images: CheckedFile[]) {
  const keys = await putFiles(ctx.storage, 'products', images);
  return writeOrRemove(ctx.storage, keys, async () => {
    const row = await mapDbErrors(
      () =>
        ctx.db
          .insert(products)
          .values({
            gstRateBp: defaultTaxRateBpSql,
            ...(productColumns(input) as NewProductRow),
            id: newId(),
            name: input.name,
            images: keys,
          })
          .returning()
          .get(),
      PRODUCT_DB_ERRORS,
    );
    return serializeProduct(row);
  });
}

/** A kept image may be named by its key or by the URL the API gave out. */
const keyOf = (ref: string) => ref.replace(/^\/api\/files\//, '');

/**
 * PUT /api/products/:id. The new image list is the kept ones (in the order sent) then the new files;
 * the update is conditional on the list it was computed from, so two editors cannot lose a picture.
 */
export async function updateProduct(ctx: ServiceCtx, id: string, input: UpdateProductInput, images: CheckedFile[]) {
  const columns = productColumns(input);
  const touchesImages = images.length > 0 || input.keepImages !== undefined;
  if (!Object.keys(columns).length && !touchesImages) throw badRequest(PRODUCT_MESSAGES.nothingToUpdate);
  const current = await ctx.db.select().from(products).where(eq(products.id, id)).get();
  if (!current) throw notFound(PRODUCT_MESSAGES.notFound);
  const kept = input.keepImages === undefined ? current.images : input.keepImages.map(keyOf).filter((k) => current.images.includes(k));
  if (kept.length + images.length > SHOP_LIMITS.maxImages) throw badRequest(PRODUCT_MESSAGES.tooManyImages);
  const keys = await putFiles(ctx.storage, 'products', images);
  const row = await writeOrRemove(ctx.storage, keys, async () => {
    const updated = await mapDbErrors(
      () =>
        ctx.db
          .update(products)
          .set({ ...columns, ...(touchesImages ? { images: [...kept, ...keys] } : {}), updatedAt: new Date() })
          .where(and(eq(products.id, id), sql`${products.images} = ${JSON.stringify(current.images)}`))
          .returning()
          .get(),
      PRODUCT_DB_ERRORS,
    );
    if (!updated) throw conflict('The product was changed meanwhile: reload it and try again');
    return updated;
  });
  await removeObjects(
    ctx.storage,
    current.images.filter((k) => !row.images.includes(k)),
  );
  return serializeProduct(row);
}

const dropped = async (ctx: ServiceCtx, rows: Pick<ProductRow, 'id' | 'images'>[]) => {
  await removeObjects(
    ctx.storage,
    rows.flatMap((r) => r.images),
  );
  return rows.map((r) => r.id);
};

/** DELETE /api/products/:id: past orders keep their copied lines (order_items.product_id becomes null). */
export async function deleteProduct(ctx: ServiceCtx, id: string) {
  const row = await mapDbErrors(
    () => ctx.db.delete(products).where(eq(products.id, id)).returning({ id: products.id, images: products.images }).get(),
    PRODUCT_DB_ERRORS,
  );
  if (!row) throw notFound(PRODUCT_MESSAGES.notFound);
  await dropped(ctx, [row]);
  return { _id: row.id };
}

/** DELETE /api/products {productIds}: one statement; unknown ids are skipped and not counted. */
export async function bulkDeleteProducts(ctx: ServiceCtx, ids: string[]) {
  const rows = await mapDbErrors(
    () => ctx.db.delete(products).where(inArray(products.id, ids)).returning({ id: products.id, images: products.images }),
    PRODUCT_DB_ERRORS,
  );
  const deletedIds = await dropped(ctx, rows);
  return { deletedCount: deletedIds.length, deletedIds };
}
