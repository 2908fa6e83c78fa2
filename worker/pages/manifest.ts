import type { PageAssets } from '#web/document.tsx';

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

let cached: Promise<Manifest> | undefined;

/** Vite's manifest, fetched once per isolate from the static assets. */
async function loadManifest(assets: Fetcher | undefined): Promise<Manifest> {
  if (!assets) return {};
  cached ??= assets
    .fetch('http://assets.local/manifest.json')
    .then((r) => (r.ok ? (r.json() as Promise<Manifest>) : {}))
    .catch(() => ({}));
  const manifest = await cached;
  if (Object.keys(manifest).length === 0) cached = undefined; // retry after a build appears
  return manifest;
}

/**
 * Which stylesheets a page links: every page links the site's (web/styles/site.css), panel pages also
 * their own (web/styles/panel-pages.css), so public pages never download the panels' rules; /kiosk its own (web/styles/kiosk.css).
 */
export type PageStyles = 'site' | 'panel' | 'kiosk';
const STYLESHEETS: Record<PageStyles, readonly string[]> = {
  site: ['web/styles/site.css'],
  panel: ['web/styles/site.css', 'web/styles/panel-pages.css'],
  kiosk: ['web/styles/site.css', 'web/styles/kiosk.css'],
};

export async function pageAssets(assets: Fetcher | undefined, styles: PageStyles = 'site'): Promise<PageAssets> {
  const m = await loadManifest(assets);
  const url = (file: string) => `/${file}`;
  const css = STYLESHEETS[styles].flatMap((key) => (m[key] ? [url(m[key].file)] : []));
  const client = m['web/client.ts']?.file;
  return { css, clientEntry: client ? url(client) : null };
}
