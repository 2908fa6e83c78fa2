import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('offline store without IndexedDB', () => {
  it('finds nothing and stores nothing, without throwing', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const { offlineGet, offlinePut, offlineDelete } = await import('./offline-store.ts');
    await expect(offlinePut('k', { a: 1 })).resolves.toBeUndefined();
    await expect(offlineGet('k')).resolves.toBeNull();
    await expect(offlineDelete('k')).resolves.toBeUndefined();
  });

  it('says a many-key write was refused, so the attendance outbox keeps the events in memory', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const { offlinePutMany, offlineValues, offlineCount, offlineDeleteMany } = await import('./offline-store.ts');
    await expect(offlinePutMany([['attendance:a', 1]])).resolves.toBe(false);
    await expect(offlineValues('attendance:')).resolves.toEqual([]);
    await expect(offlineCount('attendance:')).resolves.toBe(0);
    await expect(offlineDeleteMany(['attendance:a'])).resolves.toBeUndefined();
  });

  it('copes with an IndexedDB that throws when opened (private mode)', async () => {
    vi.stubGlobal('indexedDB', {
      open: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    const { offlineGet, offlinePut } = await import('./offline-store.ts');
    await expect(offlinePut('k', 1)).resolves.toBeUndefined();
    await expect(offlineGet('k')).resolves.toBeNull();
  });
});
