import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from './storage-keys.ts';
import { readWithStoredCopy } from './stored-copy.ts';
import { fakeBrowser } from './browser.test-helpers.ts';

let browser: ReturnType<typeof fakeBrowser>;
beforeEach(() => {
  browser = fakeBrowser();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const products = [{ _id: 'p1', name: 'Rank Belt' }];
const pagination = { page: 1, limit: 20, total: 1, totalPages: 1, hasMore: false };

describe('readWithStoredCopy (spec 8 offline fallbacks under the spec keys)', () => {
  it('keeps the last list under its key and answers it with success false when the network fails', async () => {
    browser.respond(() => Response.json({ success: true, data: products, pagination }));
    const fresh = await readWithStoredCopy(STORAGE_KEYS.products, '/products');
    expect(fresh).toMatchObject({ success: true, data: products });
    expect(JSON.parse(localStorage.getItem('products')!)).toMatchObject({ data: products, pagination });

    browser.respond(() => Promise.reject(new TypeError('Failed to fetch')));
    const copy = await readWithStoredCopy(STORAGE_KEYS.products, '/products');
    expect(copy).toMatchObject({ success: false, data: products, pagination, offline: { message: 'Request failed' } });
  });

  it('answers the copy on a 5xx, but never hides a refusal, nor invents a list it never had', async () => {
    browser.respond(() => Response.json({ success: false, message: 'Service unavailable' }, { status: 503 }));
    await expect(readWithStoredCopy(STORAGE_KEYS.userOrders, '/orders/my-orders')).rejects.toMatchObject({ status: 503 });
    browser.respond(() => Response.json({ success: true, data: [{ _id: 'o1' }] }));
    await readWithStoredCopy(STORAGE_KEYS.userOrders, '/orders/my-orders');
    browser.respond(() => Response.json({ success: false, message: 'Service unavailable' }, { status: 503 }));
    expect(await readWithStoredCopy(STORAGE_KEYS.userOrders, '/orders/my-orders')).toMatchObject({
      success: false,
      data: [{ _id: 'o1' }],
      offline: { message: 'Service unavailable' },
    });
    browser.respond(() => Response.json({ success: false, message: 'Limit must be a number' }, { status: 400 }));
    await expect(readWithStoredCopy(STORAGE_KEYS.userOrders, '/orders/my-orders')).rejects.toMatchObject({ status: 400 });
  });
});
