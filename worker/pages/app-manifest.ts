import { Hono } from 'hono';
import { appManifest } from '#web/lib/offline-app-manifest.ts';
import type { AppEnv } from '#worker/env.ts';
import { loadSite } from './public/loaders/media.ts';

/** GET /manifest.webmanifest[?panel=<key>]: the web app manifest under the school's name (web/document.tsx links it). */
export const appManifestRoute = new Hono<AppEnv>().get('/manifest.webmanifest', async (c) => {
  const { site } = await loadSite(c.var.ctx);
  return c.body(JSON.stringify(appManifest(site.schoolName, c.req.query('panel'))), 200, {
    'content-type': 'application/manifest+json; charset=utf-8',
    'cache-control': 'public, max-age=300',
  });
});
