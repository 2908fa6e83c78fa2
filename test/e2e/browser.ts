import { chromium, type Browser, type Page } from 'playwright-core';
import { onTestFinished } from 'vitest';

/**
 * Debian's Chromium (`apt-get install chromium`; .ci/run installs it), headless and quiet on the network.
 * Its pages are those of someone who has seen the location prompt (its modal would cover every panel),
 * unless the test asks for it (`locationPrompt: true`, test/e2e/panel.location-prompt.test.ts). `args` adds
 * Chromium switches (the kiosk's fake camera, test/e2e/kiosk-offline.test.ts).
 */
export async function launchBrowser(opts: { locationPrompt?: boolean; args?: string[] } = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
      ...(opts.args ?? []),
    ],
  });
  if (opts.locationPrompt) return browser;
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await context.addInitScript(() => localStorage.setItem('location_prompt_seen', 'true'));
    return context;
  };
  return browser;
}

export type CheckedPage = Page & { assertNoErrors: () => void };

/**
 * A page in its own context that records uncaught exceptions and console errors. Opened inside a
 * test, it is closed when the test ends and fails the test if any were recorded; opened in a
 * beforeAll, call `assertNoErrors()` yourself.
 */
export async function newPage(browser: Browser): Promise<CheckedPage> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console.error: ${msg.text()} (${msg.location().url})`);
  });
  const assertNoErrors = () => {
    if (errors.length) throw new Error(`The page reported errors:\n${errors.join('\n')}`);
  };
  try {
    onTestFinished(async () => {
      await context.close();
      assertNoErrors();
    });
  } catch {
    /* not inside a test */
  }
  return Object.assign(page, { assertNoErrors });
}
