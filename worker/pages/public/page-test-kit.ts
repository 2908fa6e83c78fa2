import { exports } from 'cloudflare:workers';
import { HEADER_ACCOUNT_SCRIPT } from '#web/components/header-account-script.ts';
import { OFFLINE_PAGE_SCRIPT } from '#web/lib/offline-page-script.ts';

const fixedScript = (id: string, text: string) =>
  new RegExp(`<script id="${id}" nonce="[^"]+">${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</script>`);
const HEADER_SCRIPT_TAG = fixedScript('header-account', HEADER_ACCOUNT_SCRIPT);
const OFFLINE_SCRIPT_TAG = fixedScript('offline', OFFLINE_PAGE_SCRIPT);

/**
 * Requests a page through the Worker's own fetch, as a browser would. `html` leaves out the two fixed
 * inline scripts of every page, the header's account script and the offline one (checked in
 * header-account.test.ts and worker/pages/offline-head.test.ts), so "no <script>" still means no island
 * and no injected script; `raw` is the page as sent.
 */
export async function page(path: string, init: RequestInit = {}) {
  const res = await exports.default.fetch(new Request(`http://dojo.test${path}`, { headers: { accept: 'text/html' }, ...init }));
  const raw = await res.text();
  return { res, raw, html: raw.replace(HEADER_SCRIPT_TAG, '').replace(OFFLINE_SCRIPT_TAG, '') };
}

/** The content of a <meta> tag by name or property, decoded enough for comparisons. */
export function meta(html: string, key: string): string | undefined {
  const re = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`);
  return re
    .exec(html)?.[1]
    ?.replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

export const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
export const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
/** The stylesheets a page links, in order. */
export const stylesheets = (html: string) => [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
export const count = (html: string, needle: RegExp) => html.match(new RegExp(needle, 'g'))?.length ?? 0;
