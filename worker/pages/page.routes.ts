import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { authPages } from './auth.pages.tsx';
import { panelPages } from './panel.pages.tsx';
import { renderNotFound } from './public/not-found.tsx';
import { publicPages } from './public/public.pages.tsx';

/** Every page of the site; any non-API path that nobody handles gets the public 404 page. */
export const pageRoutes = new Hono<AppEnv>()
  .route('/', publicPages)
  .route('/auth', authPages)
  .route('/', panelPages)
  .all('*', (c) => renderNotFound(c));
