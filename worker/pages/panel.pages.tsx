import { Hono, type Context } from 'hono';
import { PanelPage } from '#web/pages/panel/panel-page.tsx';
import { PANEL_LIST, type PanelInfo } from '#web/pages/panel/panels.ts';
import type { AppEnv } from '../env.ts';
import { renderPage } from './render.tsx';

/** Every path of a panel answers the same shell; the PanelApp island routes inside it. */
const panelPage = (panel: PanelInfo) => (c: Context<AppEnv>) =>
  renderPage(c, <PanelPage panel={panel.key} />, {
    title: `${panel.title} | Dojo`,
    description: `The dojo's ${panel.title.toLowerCase()}.`,
    noindex: true,
  });

export const panelPages = new Hono<AppEnv>();
for (const panel of PANEL_LIST) panelPages.get(panel.base, panelPage(panel)).get(`${panel.base}/*`, panelPage(panel));
