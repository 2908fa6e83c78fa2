import { describe, expect, it } from 'vitest';
import { asAdmin, send, tagged, watchStatements } from '#test/catalog-helpers.ts';
import { api } from '#test/helpers.ts';
import { makeProduct } from './products.test-helpers.ts';

describe('GET /api/products', () => {
  it('filters by category, price range, stock and search, and sorts by the price paid', async () => {
    const admin = await asAdmin();
    const tag = tagged();
    const cheap = await makeProduct(admin.token, `${tag} Cheap`, { price: 10, category: 'belts' });
    const sale = await makeProduct(admin.token, `${tag} Sale`, { price: 100, discountedPrice: 20, category: 'belts' });
    const dear = await makeProduct(admin.token, `${tag} Dear`, { price: 50, category: 'belts', stockQuantity: 0 });
    await makeProduct(admin.token, `${tag} Gi`, { price: 70, category: 'uniforms' });
    const list = async (q: string) => ((await api(`/api/products?search=${tag}&${q}`)).body.data as { _id: string }[]).map((p) => p._id);
    expect(await list('category=belts&sort=price-asc')).toEqual([cheap._id, sale._id, dear._id]);
    expect(await list('category=belts&sort=price-desc')).toEqual([dear._id, sale._id, cheap._id]);
    expect(await list('category=belts&minPrice=15&maxPrice=30')).toEqual([sale._id]);
    expect(await list('category=belts&inStock=true&sort=name')).toEqual([cheap._id, sale._id]);
    const bad = await api('/api/products?sort=random');
    expect(bad.status).toBe(400);
  });

  it('hides inactive products from visitors, shows them to admins who ask', async () => {
    const admin = await asAdmin();
    const tag = tagged();
    const hidden = await makeProduct(admin.token, `${tag} Hidden`, { isActive: false });
    expect((await api(`/api/products?search=${tag}&includeInactive=true`)).body.data).toEqual([]);
    expect((await api(`/api/products/${hidden._id}`)).status).toBe(404);
    const seen = await send('GET', `/api/products?search=${tag}&includeInactive=true`, admin.token);
    expect(seen.body.data.map((p: { _id: string }) => p._id)).toEqual([hidden._id]);
    expect((await send('GET', `/api/products/${hidden._id}`, admin.token)).status).toBe(200);
  });

  it('pages with a total, in one SQL statement and one round trip', async () => {
    const admin = await asAdmin();
    const tag = tagged();
    for (let i = 0; i < 3; i++) await makeProduct(admin.token, `${tag} P${i}`);
    const { result, roundTrips, statements } = await watchStatements(() => api(`/api/products?search=${tag}&limit=2&page=2`));
    expect(result.body.pagination).toMatchObject({ page: 2, limit: 2, total: 3, totalPages: 2, hasMore: false });
    expect(result.body.data).toHaveLength(1);
    expect(roundTrips).toBe(1);
    expect(statements).toHaveLength(1);
  });
});
