import { PANELS, type PanelKey } from '#web/pages/panel/panels.ts';

export const THEME_COLOUR = '#7f1d1d';

/**
 * The web app manifest (installable on a phone's home screen, which is also what lets iOS show push),
 * named for the school. Installed from a panel page it opens that panel; one `id`, so it is one app
 * whichever page it was installed from.
 */
export function appManifest(schoolName: string, panel: string | undefined) {
  const home = panel && Object.hasOwn(PANELS, panel) ? PANELS[panel as PanelKey].base : '/';
  const name = schoolName.trim() || 'Dojo';
  return {
    id: '/',
    name,
    short_name: name.length <= 12 ? name : (name.split(/\s+/)[0] ?? name).slice(0, 12),
    description: `${name}: classes, courses, messages and the member panels.`,
    start_url: home,
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    background_color: '#ffffff',
    theme_color: THEME_COLOUR,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
