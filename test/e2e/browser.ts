import { chromium, type Browser, type Page } from 'playwright-core';
import { onTestFinished } from 'vitest';

/** Debian's Chromium (`apt-get install chromium`; .ci/run installs it), headless and quiet on the network. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
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
    ],
  });
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
