import type { Context } from 'hono';
import type { SiteInfo } from '#web/components/site-info.ts';
import { NotFoundPage } from '#web/pages/public/not-found-page.tsx';
import type { AppEnv } from '#worker/env.ts';
import { loadSite } from './loaders/media.ts';
import { renderPublic } from './render-public.tsx';

/**
 * The public 404 page; other page modules may call it for a resource that does not exist, passing the
 * site settings when they already loaded them (else one read of the settings, for the school's name).
 */
export async function renderNotFound(c: Context<AppEnv>, loaded?: SiteInfo) {
  const site = loaded ?? (await loadSite(c.var.ctx)).site;
  return renderPublic(c, site, <NotFoundPage site={site} />, {
    title: 'Page not found',
    description: `The page you were looking for doesn't exist. Find your way back to ${site.schoolName}'s home page.`,
    status: 404,
    noindex: true,
  });
}
