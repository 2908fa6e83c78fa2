import { PRODUCT_MESSAGES, type ListProductsQueryInput } from '#core/shop/product-schemas.ts';
import { products } from '#db/schema/index.ts';
import { notFound } from '#worker/lib/errors.ts';
import { listPage } from '#worker/lib/list.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { seesHidden } from '#worker/lib/visibility.ts';
import { productByIdQuery, productFilter, productOrder } from './products.queries.ts';
import { serializeProduct } from './products.serialize.ts';

/** GET /api/products (and the /shop page): one page and its total in ONE statement. */
export async function listProducts(ctx: ServiceCtx, query: ListProductsQueryInput) {
  const { rows, pagination } = await listPage(ctx.db, {
    table: products,
    where: productFilter(query, seesHidden(ctx)),
    orderBy: productOrder(query.sort),
    page: query.page,
    limit: query.limit,
  });
  return { products: rows.map(serializeProduct), pagination };
}

/** GET /api/products/:id: an inactive product does not exist for visitors. */
export async function getProduct(ctx: ServiceCtx, id: string) {
  const [row] = await productByIdQuery(ctx.db, id, seesHidden(ctx));
  if (!row) throw notFound(PRODUCT_MESSAGES.notFound);
  return serializeProduct(row);
}
