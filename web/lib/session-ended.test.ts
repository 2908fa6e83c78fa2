import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from './browser.test-helpers.ts';

/** Just enough of a page: the body the notice goes into, and where the page is sent. */
function fakePage() {
  const inserted: { textContent: string; attrs: Record<string, string> }[] = [];
  const assign = vi.fn();
  vi.stubGlobal('document', {
    createElement: () => {
      const el = {
        textContent: '',
        className: '',
        dataset: {},
        attrs: {} as Record<string, string>,
        setAttribute: (k: string, v: string) => (el.attrs[k] = v),
      };
      return el;
    },
    body: { firstChild: null, insertBefore: (el: (typeof inserted)[number]) => inserted.push(el) },
  });
  vi.stubGlobal('window', { location: { assign } });
  return { inserted, assign };
}

describe('a session_ended frame in the panel', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('says why, forgets the session and goes to the login page when the stored token no longer holds', async () => {
    const browser = fakeBrowser();
    browser.store.set('token', 'old');
    browser.respond(() => Response.json({ success: true, data: { active: false, reason: 'suspended', message: 'x' } }));
    const page = fakePage();
    const { sessionEndedFrame } = await import('./session-ended.ts');
    await sessionEndedFrame('Your account was suspended by the school: Dues');
    expect(page.inserted.map((n) => [n.textContent, n.attrs.role])).toEqual([['Your account was suspended by the school: Dues', 'alert']]);
    expect(browser.store.has('token')).toBe(false);
    vi.advanceTimersByTime(3_000);
    expect(page.assign).toHaveBeenCalledWith('/auth/login');
  });

  it('is ignored when the session already holds a newer, valid token (the user changed their own password)', async () => {
    const browser = fakeBrowser();
    browser.store.set('token', 'fresh');
    browser.respond(() => Response.json({ success: true, data: { active: true } }));
    const page = fakePage();
    const { sessionEndedFrame } = await import('./session-ended.ts');
    await sessionEndedFrame('Your session has ended, please log in again');
    expect(page.inserted).toEqual([]);
    expect(browser.store.get('token')).toBe('fresh');
    vi.advanceTimersByTime(5_000);
    expect(page.assign).not.toHaveBeenCalled();
  });
});
