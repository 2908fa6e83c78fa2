import type { Context } from 'hono';
import type { SiteInfo } from '#web/components/site-info.ts';
import { NotFoundPage } from '#web/pages/public/not-found-page.tsx';
import type { AppEnv } from '#worker/env.ts';
import { renderPage } from '#worker/pages/render.tsx';

/**
 * The public 404 page; other page modules may call it for a resource that does not exist, passing the
 * site settings when they already loaded them (an unknown path costs no database read).
 */
export const renderNotFound = (c: Context<AppEnv>, site?: SiteInfo) =>
  renderPage(c, <NotFoundPage site={site} />, {
    title: `Page not found | ${site?.schoolName ?? 'Dojo'}`,
    description: "The page you were looking for doesn't exist. Find your way back to Dojo Karate School's home page.",
    status: 404,
    noindex: true,
  });
