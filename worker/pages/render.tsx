import type { Context } from 'hono';
import type { ReactNode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { Document, type PageMeta } from '#web/document.tsx';
import type { AppEnv } from '#worker/env.ts';
import { requestLog } from '#worker/lib/service-context.ts';
import { pageAssets, type PageStyles } from './manifest.ts';

export type RenderOptions = Omit<PageMeta, 'canonical'> & { status?: number; path?: string; styles?: PageStyles };

/** Streams a server-rendered page inside the document shell. */
export async function renderPage(c: Context<AppEnv>, page: ReactNode, opts: RenderOptions): Promise<Response> {
  const origin = c.var.config?.PUBLIC_URL ?? new URL(c.req.url).origin;
  const { status = 200, path = new URL(c.req.url).pathname, styles = 'site', ...meta } = opts;
  const assets = await pageAssets(c.env.ASSETS, styles);
  const nonce = c.get('cspNonce');
  const stream = await renderToReadableStream(
    <Document meta={{ ...meta, canonical: new URL(path, origin).href }} assets={assets} nonce={nonce} collector={{ used: new Set() }}>
      {page}
    </Document>,
    {
      nonce,
      onError(err) {
        requestLog(c.get('requestId')).error('render failed', { error: String(err) });
      },
    },
  );
  return new Response(stream, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
}
