import { HEADER_ACCOUNT_SCRIPT } from './components/header-account-script.ts';
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
};

/** What the Worker resolved from Vite's manifest for this page. */
export type PageAssets = {
  css: string[];
  clientEntry: string | null;
};

type DocumentProps = { meta: PageMeta; assets: PageAssets; nonce: string; collector: IslandCollector; children: ReactNode };

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
        <meta name="theme-color" content="#7f1d1d" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {assets.css.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body>
        <IslandContext.Provider value={collector}>
          {children}
          <script id="header-account" nonce={nonce} dangerouslySetInnerHTML={{ __html: HEADER_ACCOUNT_SCRIPT }} />
          <IslandScripts assets={assets} nonce={nonce} />
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
