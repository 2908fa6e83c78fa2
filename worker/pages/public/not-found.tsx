import type { Context } from 'hono';
import { NotFoundPage } from '#web/pages/public/not-found-page.tsx';
import type { AppEnv } from '../../env.ts';
import { renderPage } from '../render.tsx';

/** The public 404 page; other page modules may call it for a resource that does not exist. */
export const renderNotFound = (c: Context<AppEnv>) =>
  renderPage(c, <NotFoundPage />, {
    title: 'Page not found | Dojo',
    description: "The page you were looking for doesn't exist. Find your way back to Dojo Karate School's home page.",
    status: 404,
    noindex: true,
  });
