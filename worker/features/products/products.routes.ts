import { Hono } from 'hono';
import {
  BulkDeleteProductsSchema,
  CreateProductSchema,
  ListProductsQuery,
  PRODUCT_MESSAGES,
  UpdateProductSchema,
} from '#core/shop/product-schemas.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { bodyLimit } from '#worker/middleware/body-limit.ts';
import { PRODUCT_BODY, readProductInput } from './products.input.ts';
import { getProduct, listProducts } from './products.read.ts';
import { bulkDeleteProducts, createProduct, deleteProduct, updateProduct } from './products.write.ts';

/** Spec 7 Products. */
export const productsRoutes = new Hono<AppEnv>()
  .get('/', validate('query', ListProductsQuery), async (c) => {
    const { products, pagination } = await listProducts(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data: products, products, pagination });
  })
  .post('/', bodyLimit(PRODUCT_BODY), async (c) => {
    const { input, images } = await readProductInput(c.req.raw, CreateProductSchema);
    const product = await createProduct(c.var.ctx, input, images);
    return c.json({ success: true, data: product, product, message: PRODUCT_MESSAGES.created }, 201);
  })
  .delete('/', validate('json', BulkDeleteProductsSchema), async (c) => {
    const { deletedCount, deletedIds } = await bulkDeleteProducts(c.var.ctx, c.req.valid('json').productIds);
    const noun = deletedCount === 1 ? 'product' : 'products';
    return c.json({
      success: true,
      data: { deletedCount, deletedIds },
      count: deletedCount,
      message: `${deletedCount} ${noun} deleted successfully`,
    });
  })
  .get('/:id', async (c) => {
    const product = await getProduct(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data: product, product });
  })
  .put('/:id', bodyLimit(PRODUCT_BODY), async (c) => {
    const { input, images } = await readProductInput(c.req.raw, UpdateProductSchema);
    const product = await updateProduct(c.var.ctx, c.req.param('id'), input, images);
    return c.json({ success: true, data: product, product, message: PRODUCT_MESSAGES.updated });
  })
  .delete('/:id', async (c) => {
    const data = await deleteProduct(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data, message: PRODUCT_MESSAGES.deleted });
  });
