import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '#test/e2e/browser.ts';

export type PageJs = {
  path: string;
  status: number;
  files: string[];
  rawBytes: number;
  gzipBytes: number;
  loadedInBrowser?: { files: string[]; gzipBytes: number };
};

const tags = (html: string, name: string) => html.match(new RegExp(`<${name}\\b[^>]*>`, 'gi')) ?? [];
const attr = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i'))?.[1];
/** `import … from "x"`, `import "x"`, `export … from "x"` — not `import("x")`, which loads only when needed. */
const STATIC_IMPORT = /(?:^|[^\w$.])(?:import|export)\s*(?:[\w$*{}\s,]*?from\s*)?["']([^"']+)["']/g;

async function gzipSizes(urls: Iterable<string>) {
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
    raw += bytes.length;
    gzip += gzipSync(bytes).length;
  }
  return { raw, gzip };
}

/** The scripts a page names (script src, modulepreload) and everything they import statically. */
async function staticScripts(pageUrl: string, html: string): Promise<string[]> {
  const origin = new URL(pageUrl).origin;
  const queue = [
    ...tags(html, 'script').map((t) => attr(t, 'src')),
    ...tags(html, 'link')
      .filter((t) => attr(t, 'rel') === 'modulepreload')
      .map((t) => attr(t, 'href')),
  ]
    .filter((u): u is string => !!u)
    .map((u) => new URL(u, pageUrl).href);
  const seen = new Set<string>();
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url) || new URL(url).origin !== origin) continue;
    seen.add(url);
    const source = await (await fetch(url)).text();
    for (const m of source.matchAll(STATIC_IMPORT)) if (/^\.{0,2}\//.test(m[1]!)) queue.push(new URL(m[1]!, url).href);
  }
  return [...seen];
}

/** What Chromium actually fetched as script, lazily loaded island chunks included. */
async function browserScripts(baseUrl: string, paths: string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  const browser = await launchBrowser();
  try {
    for (const path of paths) {
      const page = await browser.newPage();
      const urls = new Set<string>();
      page.on('response', (r) => {
        if (r.request().resourceType() === 'script') urls.add(r.url());
      });
      await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
      result.set(path, [...urls]);
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return result;
}

export async function pageJs(baseUrl: string, paths: string[]): Promise<PageJs[]> {
  const loaded = existsSync('/usr/bin/chromium') ? await browserScripts(baseUrl, paths) : undefined;
  const out: PageJs[] = [];
  for (const path of paths) {
    const res = await fetch(baseUrl + path);
    const files = await staticScripts(res.url, await res.text());
    const { raw, gzip } = await gzipSizes(files);
    const entry: PageJs = { path, status: res.status, files: files.map((f) => new URL(f).pathname), rawBytes: raw, gzipBytes: gzip };
    const inBrowser = loaded?.get(path);
    if (inBrowser)
      entry.loadedInBrowser = { files: inBrowser.map((f) => new URL(f).pathname), gzipBytes: (await gzipSizes(inBrowser)).gzip };
    out.push(entry);
  }
  return out;
}
