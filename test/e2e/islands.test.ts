import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from './browser.ts';

const baseUrl = inject('baseUrl');
const HOSTILE = '</script><script>alert(1)</script>\u2028<!-- & "quotes"';

type Chunk = { file: string; imports?: string[] };
/** The files an island page may load: the loader, the Counter chunk and React's runtime, with their static imports. */
function allowedScripts(): { all: Set<string>; required: string[] } {
  const manifest = JSON.parse(readFileSync(join(process.cwd(), 'dist/client/manifest.json'), 'utf8')) as Record<string, Chunk>;
  const closure = (key: string, seen = new Set<string>()): string[] => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return [];
    seen.add(key);
    return [`/${chunk.file}`, ...(chunk.imports ?? []).flatMap((k) => closure(k, seen))];
  };
  const required = ['web/client.ts', 'web/islands/Counter.tsx', 'node_modules/react-dom/client.js'].map((k) => `/${manifest[k]?.file}`);
  const all = new Set(['web/client.ts', 'web/islands/Counter.tsx', 'node_modules/react-dom/client.js'].flatMap((k) => closure(k)));
  return { all, required };
}

describe('island mechanism (/__islands-check)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('hydrates both Counter islands, shows the hostile prop as text, and never runs it', async () => {
    const page = await newPage(browser);
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    await page.addInitScript(() => {
      (window as unknown as { __alerts: number }).__alerts = 0;
      window.alert = () => void (window as unknown as { __alerts: number }).__alerts++;
    });
    const res = await page.goto(`${baseUrl}/__islands-check`);
    expect(res?.status()).toBe(200);
    const buttons = page.locator('[data-island="Counter"] button');
    await page.locator('[data-island="Counter"] button[data-ready]').nth(1).waitFor();
    expect(await page.locator('[data-island="Counter"] button[data-ready]').count()).toBe(2);

    await buttons.nth(0).click();
    await buttons.nth(0).click();
    await expect.poll(() => buttons.nth(0).textContent()).toBe('First: 3');
    await buttons.nth(1).click();
    await expect.poll(() => buttons.nth(1).textContent()).toBe(`${HOSTILE}: 11`);

    expect(await page.evaluate(() => (window as unknown as { __alerts: number }).__alerts)).toBe(0);
    expect(dialogs).toBe(0);
    // The classic scripts allowed are the fixed header account and offline ones; nothing from props runs.
    expect(
      await page.locator('body script:not([type="application/json"]):not([type="module"]):not(#header-account):not(#offline)').count(),
    ).toBe(0);
  });

  it('requests only the loader, the Counter chunk and the React runtime', async () => {
    const page = await newPage(browser);
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    await page.goto(`${baseUrl}/__islands-check`);
    await page.locator('[data-island="Counter"] button[data-ready]').nth(1).waitFor();
    await page.waitForLoadState('networkidle');
    const { all, required } = allowedScripts();
    const unexpected = scripts.filter((s) => !all.has(s));
    expect(unexpected).toEqual([]);
    for (const file of required) expect(scripts).toContain(file);
    expect(scripts.some((s) => /LoginForm|RegisterForm|PanelApp/.test(s))).toBe(false);
  });
});
