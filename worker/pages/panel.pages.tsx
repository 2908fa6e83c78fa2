import { Hono, type Context } from 'hono';
import { PanelPage } from '#web/pages/panel/panel-page.tsx';
import { PANEL_LIST, type PanelInfo } from '#web/pages/panel/panels.ts';
import type { AppEnv } from '#worker/env.ts';
import { loadSite } from './public/loaders/media.ts';
import { renderPage } from './render.tsx';

/** Every path of a panel answers the same shell; the PanelApp island routes inside it, under the school's name and logo. */
const panelPage = (panel: PanelInfo) => async (c: Context<AppEnv>) => {
  const { site } = await loadSite(c.var.ctx);
  return renderPage(c, <PanelPage panel={panel.key} brand={{ schoolName: site.schoolName, logo: site.logo, timeZone: site.timeZone }} />, {
    title: `${panel.title} | ${site.schoolName}`,
    description: `The dojo's ${panel.title.toLowerCase()}.`,
    noindex: true,
    siteName: site.schoolName,
    styles: 'panel',
  });
};

export const panelPages = new Hono<AppEnv>();
for (const panel of PANEL_LIST) panelPages.get(panel.base, panelPage(panel)).get(`${panel.base}/*`, panelPage(panel));
