/**
 * Makes the web app's PNG icons (web/public/icons/) from the favicon's emblem, drawn by headless Chromium:
 * `node scripts/make-icons.ts`. Run it again after changing web/public/favicon.svg; commit the PNGs.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT } from './lib/paths.ts';

const OUT = join(ROOT, 'web/public/icons');
const svg = readFileSync(join(ROOT, 'web/public/favicon.svg'), 'utf8');
const BRAND = '#7f1d1d';

/** `any`: the round emblem on transparency. `maskable` and Apple's: full bleed, the emblem inside the 80 % safe zone. */
const ICONS = [
  { file: 'icon-192.png', size: 192, bleed: false },
  { file: 'icon-512.png', size: 512, bleed: false },
  { file: 'maskable-512.png', size: 512, bleed: true },
  { file: 'apple-touch-icon.png', size: 180, bleed: true },
];

function html(size: number, bleed: boolean): string {
  const inner = bleed ? Math.round(size * 0.72) : size;
  const background = bleed ? BRAND : 'transparent';
  return `<!doctype html><html><body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${background}">
<div style="width:${inner}px;height:${inner}px">${svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div></body></html>`;
}

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(html(icon.size, icon.bleed));
    await page.screenshot({ path: join(OUT, icon.file), omitBackground: !icon.bleed });
    await page.close();
    console.log(`web/public/icons/${icon.file}`);
  }
} finally {
  await browser.close();
}
