import { Hono, type Context } from 'hono';
import { ListProductsQuery } from '#core/shop/product-schemas.ts';
import { SandboxOutcomeSchema } from '#core/shop/payment-schemas.ts';
import { CartPage, CheckoutPage, OrderCompletePage } from '#web/pages/shop/cart-pages.tsx';
import { ProductPage } from '#web/pages/shop/product-page.tsx';
import { SandboxPage } from '#web/pages/shop/sandbox-page.tsx';
import { ShopPage } from '#web/pages/shop/shop-page.tsx';
import type { AppEnv } from '#worker/env.ts';
import { getProduct, listProducts } from '#worker/features/products/products.read.ts';
import { sandboxOutcome, sandboxSession } from '#worker/features/payments/payments.sandbox.ts';
import { AppError } from '#worker/lib/errors.ts';
import { sandboxOffered } from '#worker/lib/payments/registry.ts';
import { schoolShopTerms } from '#worker/lib/shop-terms.ts';
import { errorBody } from '#worker/middleware/errors.ts';
import { loadSite } from '#worker/pages/public/loaders/media.ts';
import { renderNotFound } from '#worker/pages/public/not-found.tsx';
import { describe, renderPublic } from '#worker/pages/public/render-public.tsx';

/** Only a path on this site may be the way back from the sandbox: parsed as a URL against the site, else /shop. */
function samePath(v: unknown, origin: string): string {
  if (typeof v !== 'string' || !v.startsWith('/')) return '/shop';
  const site = new URL(origin);
  const url = URL.canParse(v, site) ? new URL(v, site) : null;
  return url?.origin === site.origin ? `${url.pathname}${url.search}` : '/shop';
}
const withQuery = (path: string, params: Record<string, string>) =>
  `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams(params)}`;

const isJson = (c: Context<AppEnv>) => (c.req.header('content-type') ?? '').includes('application/json');

/** The shop's pages (spec 2 public site): list, product, cart, checkout, confirmation and the local sandbox checkout. */
export const shopPages = new Hono<AppEnv>()
  .get('/shop', async (c) => {
    const parsed = ListProductsQuery.safeParse({
      search: c.req.query('search'),
      category: c.req.query('category'),
      sort: c.req.query('sort'),
      page: c.req.query('page'),
      limit: '12',
    });
    const query = parsed.success ? parsed.data : ListProductsQuery.parse({ limit: '12' });
    const [{ site }, terms, { products, pagination }] = await Promise.all([
      loadSite(c.var.ctx),
      schoolShopTerms(c.var.ctx),
      listProducts({ ...c.var.ctx, user: null }, query),
    ]);
    return renderPublic(
      c,
      site,
      <ShopPage
        site={site}
        terms={terms}
        products={products}
        filters={{ search: query.search, category: query.category, sort: query.sort }}
        pagination={pagination}
      />,
      {
        title: 'Shop',
        description: `Karate uniforms, rank belts, sparring gear and dojo accessories from ${site.schoolName}, chosen by our instructors.`,
      },
    );
  })
  .get('/shop/order-complete', async (c) => {
    const [{ site }, terms] = await Promise.all([loadSite(c.var.ctx), schoolShopTerms(c.var.ctx)]);
    return renderPublic(c, site, <OrderCompletePage site={site} terms={terms} />, {
      title: 'Your order',
      description: 'Your order and its payment.',
      noindex: true,
    });
  })
  .get('/shop/:id', async (c) => {
    const [{ site }, terms] = await Promise.all([loadSite(c.var.ctx), schoolShopTerms(c.var.ctx)]);
    try {
      const product = await getProduct({ ...c.var.ctx, user: null }, c.req.param('id'));
      return renderPublic(c, site, <ProductPage site={site} product={product} terms={terms} />, {
        title: product.name,
        description: describe(product.description, `${product.name} from the ${site.schoolName} shop.`),
      });
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return renderNotFound(c);
      throw err;
    }
  })
  .get('/cart', async (c) => {
    const [{ site }, terms] = await Promise.all([loadSite(c.var.ctx), schoolShopTerms(c.var.ctx)]);
    return renderPublic(c, site, <CartPage site={site} terms={terms} />, {
      title: 'Your cart',
      description: 'The items in your cart.',
      noindex: true,
    });
  })
  .get('/checkout', async (c) => {
    const [{ site }, terms] = await Promise.all([loadSite(c.var.ctx), schoolShopTerms(c.var.ctx)]);
    return renderPublic(c, site, <CheckoutPage site={site} terms={terms} cancelled={Boolean(c.req.query('cancelled'))} />, {
      title: 'Checkout',
      description: 'Place your order.',
      noindex: true,
    });
  })
  // In production the sandbox does not exist: its pages answer 404 before anything is read.
  .use('/pay/sandbox/*', async (c, next) => (sandboxOffered(c.var.config) ? next() : renderNotFound(c)))
  .get('/pay/sandbox/:sessionId', async (c) => {
    const { site } = await loadSite(c.var.ctx);
    try {
      const row = await sandboxSession(c.var.ctx, c.req.param('sessionId'));
      const view = {
        sessionId: row.sessionId,
        amountCents: row.amountCents,
        currency: row.currency,
        open: row.status === 'created',
        returnPath: samePath(c.req.query('return'), c.var.ctx.origin),
      };
      return renderPublic(c, site, <SandboxPage site={site} view={view} />, {
        title: 'Sandbox checkout',
        description: 'Local test payment.',
        noindex: true,
      });
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return renderNotFound(c);
      throw err;
    }
  })
  .post('/pay/sandbox/:sessionId', async (c) => {
    const sessionId = c.req.param('sessionId');
    if (isJson(c)) {
      // ARCHITECTURE's contract: POST checkoutUrl {outcome} answers the proof a real gateway hands the browser.
      try {
        const parsed = SandboxOutcomeSchema.safeParse(await c.req.json().catch(() => null));
        if (!parsed.success) return c.json({ success: false, message: 'Outcome must be approve or decline', code: 'BAD_REQUEST' }, 400);
        const result = await sandboxOutcome(c.var.ctx, sessionId, parsed.data.outcome);
        if (!result.approved) return c.json({ success: false, message: 'The payment was declined', data: { sessionId } });
        return c.json({ success: true, data: result.proof });
      } catch (err) {
        if (err instanceof AppError) return c.json(errorBody(c, err), err.status as 404);
        throw err;
      }
    }
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const back = samePath(form.return, c.var.ctx.origin);
    const outcome = form.outcome === 'approve' ? 'approve' : 'decline';
    let result;
    try {
      result = await sandboxOutcome(c.var.ctx, sessionId, outcome);
    } catch (err) {
      // A session already approved, declined or paid: its page says so.
      if (err instanceof AppError && err.status === 409)
        return c.redirect(`/pay/sandbox/${encodeURIComponent(sessionId)}?${new URLSearchParams({ return: back })}`, 303);
      throw err;
    }
    if (!result.approved) return c.redirect(withQuery(back, { declined: '1' }), 303);
    return c.redirect(withQuery(back, result.proof), 303);
  });
