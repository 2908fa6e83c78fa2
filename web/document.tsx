import { HEADER_ACCOUNT_SCRIPT } from './components/header-account-script.ts';
import { THEME_COLOUR } from './lib/offline-app-manifest.ts';
import { OFFLINE_BANNER_ID, OFFLINE_PAGE_SCRIPT } from './lib/offline-page-script.ts';
import { panelForPath } from './pages/panel/panels.ts';
import type { ReactNode } from 'react';
import { IslandContext, useIslandCollector, type IslandCollector } from './components/island-context.ts';

export type PageMeta = {
  title: string;
  description: string;
  /** Absolute URL of this page. */
  canonical: string;
  ogImage?: string;
  ogType?: string;
  noindex?: boolean;
  /** The school's name from the settings, for link previews (og:site_name). */
  siteName?: string;
  /** No script at all, not even the inline header and offline ones (the certificate verify page). */
  noScripts?: boolean;
};

/** What the Worker resolved from Vite's manifest for this page. */
export type PageAssets = {
  css: string[];
  clientEntry: string | null;
};

type DocumentProps = { meta: PageMeta; assets: PageAssets; nonce: string; collector: IslandCollector; children: ReactNode };

/** The web app manifest of this page: a panel's opens that panel when installed (worker/pages/app-manifest.ts). */
function manifestHref(canonical: string): string {
  const panel = panelForPath(new URL(canonical).pathname);
  return panel ? `/manifest.webmanifest?panel=${panel.key}` : '/manifest.webmanifest';
}

export function Document({ meta, assets, nonce, collector, children }: DocumentProps) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{meta.title}</title>
        <meta name="description" content={meta.description} />
        <link rel="canonical" href={meta.canonical} />
        {meta.noindex && <meta name="robots" content="noindex" />}
        <meta property="og:title" content={meta.title} />
        <meta property="og:description" content={meta.description} />
        <meta property="og:type" content={meta.ogType ?? 'website'} />
        <meta property="og:url" content={meta.canonical} />
        {meta.ogImage && <meta property="og:image" content={meta.ogImage} />}
        {meta.siteName && <meta property="og:site_name" content={meta.siteName} />}
        <meta name="twitter:card" content={meta.ogImage ? 'summary_large_image' : 'summary'} />
        <meta name="twitter:title" content={meta.title} />
        <meta name="twitter:description" content={meta.description} />
        {meta.ogImage && <meta name="twitter:image" content={meta.ogImage} />}
        <meta name="theme-color" content={THEME_COLOUR} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href={manifestHref(meta.canonical)} />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        <meta name="mobile-web-app-capable" content="yes" />
        <meta name="apple-mobile-web-app-capable" content="yes" />
        <meta name="apple-mobile-web-app-status-bar-style" content="default" />
        {meta.siteName && <meta name="apple-mobile-web-app-title" content={meta.siteName} />}
        {assets.css.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body>
        <p id={OFFLINE_BANNER_ID} className="offline-banner" role="status" />
        <IslandContext.Provider value={collector}>
          {children}
          {!meta.noScripts && (
            <>
              <script id="header-account" nonce={nonce} dangerouslySetInnerHTML={{ __html: HEADER_ACCOUNT_SCRIPT }} />
              <script id="offline" nonce={nonce} dangerouslySetInnerHTML={{ __html: OFFLINE_PAGE_SCRIPT }} />
              <IslandScripts assets={assets} nonce={nonce} />
            </>
          )}
        </IslandContext.Provider>
      </body>
    </html>
  );
}

/**
 * Rendered last, after every island has registered itself: a page with no island ships no script.
 * Only the small loader is named; island chunks and React are not preloaded, because React hoists
 * preloads ahead of the stylesheet, where ~70 KB of them delayed the first paint (web/client.ts loads them).
 */
function IslandScripts({ assets, nonce }: { assets: PageAssets; nonce: string }) {
  const collector = useIslandCollector();
  if (!collector || collector.used.size === 0 || !assets.clientEntry) return null;
  return <script type="module" src={assets.clientEntry} nonce={nonce} />;
}
