import { Hono } from 'hono';
import type { AppEnv } from '#worker/env.ts';
import { appManifestRoute } from './app-manifest.ts';
import { withByteRange } from '#worker/lib/byte-range.ts';
import { authPages } from './auth.pages.tsx';
import { familyPages } from './family.pages.tsx';
import { kioskPages } from './kiosk.pages.tsx';
import { panelPages } from './panel.pages.tsx';
import { renderNotFound } from './public/not-found.tsx';
import { publicPages } from './public/public.pages.tsx';
import { shopPages } from './shop/shop.pages.tsx';
import { billingPages } from './billing.pages.tsx';
import { socialPages } from './social.pages.tsx';

/**
 * Every page of the site; any non-API path that nobody handles is a static file or the public 404 page.
 * On Cloudflare files are served before the Worker runs, so the lookup below only sees misses; the local
 * stack sends every request to the Worker first (scripts/worker-host.ts), so files come from here.
 */
export const pageRoutes = new Hono<AppEnv>()
  .route('/', publicPages)
  .route('/', billingPages)
  .route('/', shopPages)
  .route('/', socialPages)
  .route('/auth', authPages)
  .route('/', panelPages)
  .route('/', kioskPages)
  .route('/', familyPages)
  .route('/', appManifestRoute)
  .all('*', async (c) => {
    const assets = c.env.ASSETS;
    if (assets && (c.req.method === 'GET' || c.req.method === 'HEAD')) {
      const file = await assets.fetch(c.req.raw);
      // A copy (a fetched response's headers are immutable, and every answer gets the security headers), cut to a Range.
      if (file.status !== 404) return withByteRange(c.req.raw, file);
    }
    return renderNotFound(c);
  });
