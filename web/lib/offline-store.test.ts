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
