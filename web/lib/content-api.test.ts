import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api.ts';
import { readClasses, readCourses, readEvents, readMedia, send, sendSettled, unsettle } from './content-api.ts';
import { offlineGet, offlinePut } from './offline-store.ts';
import { fakeBrowser } from './browser.test-helpers.ts';

// Node has no IndexedDB: the store is a Map here (the real one is exercised by the browser tests).
vi.mock('./offline-store.ts', () => {
  const saved = new Map<string, unknown>();
  return {
    offlineGet: async (key: string) => (saved.has(key) ? structuredClone(saved.get(key)) : null),
    offlinePut: async (key: string, value: unknown) => void saved.set(key, structuredClone(value)),
    offlineDelete: async (key: string) => void saved.delete(key),
  };
});

let browser: ReturnType<typeof fakeBrowser>;
beforeEach(() => {
  browser = fakeBrowser();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const timetable = [{ _id: 'c1', title: 'Kids karate', dayOfWeek: 1 }];
const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));

describe('offline fallbacks for classes, events, file uploads and media (spec 8)', () => {
  it('stores a fresh answer and serves it, marked offline, when the network fails', async () => {
    browser.respond(() =>
      Response.json({ success: true, data: timetable, pagination: { page: 1, limit: 100, total: 1, totalPages: 1, hasMore: false } }),
    );
    const fresh = await readClasses({ query: { page: 1, limit: 100 } });
    expect(fresh.offline).toBeUndefined();
    expect(fresh.data).toEqual(timetable);

    browser.respond(networkDown);
    const copy = await readClasses({ query: { page: 1, limit: 100 } });
    expect(copy.success).toBe(true);
    expect(copy.data).toEqual(timetable);
    expect(copy.offline?.message).toBe('Request failed');
    expect(Date.parse(copy.offline!.savedAt)).not.toBeNaN();
  });

  it('serves the copy on a 5xx too, and the latest copy of the path when this query was never stored', async () => {
    browser.respond(() => Response.json({ success: true, data: [{ _id: 'e1' }] }));
    await readEvents({ query: { when: 'all' } });
    browser.respond(() => Response.json({ success: false, message: 'Service unavailable' }, { status: 503 }));
    const copy = await readEvents({ query: { when: 'past' } });
    expect(copy.data).toEqual([{ _id: 'e1' }]);
    expect(copy.offline?.message).toBe('Service unavailable');
  });

  it('does not hide a refusal (4xx) behind the stored copy', async () => {
    browser.respond(() => Response.json({ success: true, data: timetable }));
    await readClasses();
    browser.respond(() => Response.json({ success: false, message: 'Limit must be a number' }, { status: 400 }));
    await expect(readClasses()).rejects.toMatchObject({ status: 400, message: 'Limit must be a number' });
  });

  it('throws the network error when nothing was ever stored', async () => {
    browser.respond(networkDown);
    await expect(readMedia('never-seen', { query: { page: 9 } })).rejects.toBeInstanceOf(ApiError);
    expect(await offlineGet('GET /api/media/never-seen?page=9')).toBeNull();
  });
});

describe('courses and memberships answer success false instead of throwing (spec 8)', () => {
  it('gives the message and the cached list under data and courses', async () => {
    const list = [{ _id: 'k1', title: 'Kata fundamentals' }];
    browser.respond(() => Response.json({ success: true, data: list, courses: list, summary: { total: 1 } }));
    expect((await readCourses({ admin: true })).success).toBe(true);

    browser.respond(networkDown);
    const failed = await readCourses({ admin: true });
    expect(failed).toMatchObject({ success: false, message: 'Request failed', data: list, courses: list, summary: { total: 1 } });
    expect(failed.offline).toBeDefined();
  });

  it('gives an empty list when nothing is cached, and the server message on a refusal', async () => {
    browser.respond(() => Response.json({ success: false, message: 'Invalid sort' }, { status: 400 }));
    expect(await readCourses({ query: { sort: 'x' } })).toMatchObject({
      success: false,
      message: 'Invalid sort',
      data: [],
      courses: [],
      status: 400,
    });
  });

  it('settles a refused write with its field errors, and unsettle turns it back into an ApiError', async () => {
    const errors = [{ path: 'discountPrice', message: 'Discount price cannot be greater than the price' }];
    browser.respond(() => Response.json({ success: false, message: errors[0]!.message, errors }, { status: 400 }));
    const answer = await sendSettled({ path: '/courses', body: { title: 'x', price: 1, discountPrice: 2 } });
    expect(answer).toMatchObject({ success: false, status: 400, message: errors[0]!.message, errors });
    let thrown: unknown;
    try {
      unsettle(answer);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).errors).toEqual(errors);
    expect(JSON.parse(String(browser.calls[0]!.init.body))).toEqual({ title: 'x', price: 1, discountPrice: 2 });
  });
});

describe('failure messages when the server gives none (spec 8)', () => {
  it('names the operation that failed', async () => {
    browser.respond(() => Response.json({ success: false }, { status: 400 }));
    expect(await readCourses()).toMatchObject({ success: false, message: 'Failed to fetch courses' });
    await expect(readEvents()).rejects.toMatchObject({ message: 'Failed to fetch events' });
    await expect(send({ path: '/posts', body: {}, fallback: 'Failed to create post' })).rejects.toMatchObject({
      message: 'Failed to create post',
    });
  });
});

describe('the offline store itself', () => {
  it('round-trips values (mocked here)', async () => {
    await offlinePut('k', { a: 1 });
    expect(await offlineGet('k')).toEqual({ a: 1 });
  });
});
