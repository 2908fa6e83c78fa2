import { Hono } from 'hono';
import { KioskPage } from '#web/pages/kiosk/kiosk-page.tsx';
import type { AppEnv } from '#worker/env.ts';
import { loadSite } from './public/loaders/media.ts';
import { renderPage } from './render.tsx';

/** The shared check-in screen (issue 24 §5). Its token rides in the fragment, so the server never sees it. */
export const kioskPages = new Hono<AppEnv>().get('/kiosk', async (c) => {
  const { site } = await loadSite(c.var.ctx);
  return renderPage(c, <KioskPage schoolName={site.schoolName} />, {
    title: `Check-in | ${site.schoolName}`,
    description: `Class check-in at ${site.schoolName}.`,
    noindex: true,
    siteName: site.schoolName,
    styles: 'kiosk',
  });
});
