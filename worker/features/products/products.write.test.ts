import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '#db/schema/index.ts';
import { testDb } from '#test/helpers.ts';
import { asAdmin, formOf, keyOf, keysUnder, send, sendForm, tagged, tinyPng } from '#test/catalog-helpers.ts';
import { makeProduct, productBody } from './products.test-helpers.ts';

const row = (id: string) => testDb().select().from(products).where(eq(products.id, id)).get();

describe('POST /api/products', () => {
  it('stores money in cents, the GST rate in basis points and the weight in grams, and answers decimals', async () => {
    const admin = await asAdmin();
    const tag = tagged();
    const res = await send(
      'POST',
      '/api/products',
      admin.token,
      productBody(`${tag} Gi`, { sku: ` ${tag}-gi `, price: 59.99, discountedPrice: 49.5, gstRate: 12.5, colors: 'White, Black, White' }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Product created successfully',
      product: {
        name: `${tag} Gi`,
        sku: `${tag.toUpperCase()}-GI`,
        price: 59.99,
        originalPrice: 59.99,
        discountedPrice: 49.5,
        finalPrice: 49.5,
        gstRate: 12.5,
        shippingFee: 8,
        weight: 0.9,
        colors: ['White', 'Black'],
        inStock: true,
        isActive: true,
        images: [],
        image: null,
      },
    });
    const stored = await row(res.body.product._id);
    expect(stored).toMatchObject({
      priceCents: 5999,
      discountedPriceCents: 4950,
      gstRateBp: 1250,
      shippingFeeCents: 800,
      weightGrams: 900,
    });
  });

  it.each([
    [{ name: '' }, 'Product name is required'],
    [{ price: -1 }, 'Price must be 0 or more'],
    [{ price: 10, discountedPrice: 12 }, 'Discounted price cannot be greater than the price'],
    [{ category: 'swords' }, 'Category must be one of'],
    [{ gstRate: 101 }, 'GST rate must be a percentage'],
    [{ gstRate: 13.333 }, 'GST rate must be a percentage'],
    [{ stockQuantity: 1.5 }, 'Stock quantity must be a whole number'],
    [{ sku: 'bad sku!' }, 'SKU may contain only'],
  ])('refuses %j with a clear 400', async (extra, message) => {
    const admin = await asAdmin();
    const res = await send('POST', '/api/products', admin.token, productBody(`${tagged()} X`, extra));
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.errors ?? res.body.message)).toContain(message);
  });

  it('refuses a second product with the same SKU (409)', async () => {
    const admin = await asAdmin();
    const sku = `DUP-${tagged()}`;
    await makeProduct(admin.token, `${tagged()} A`, { sku });
    const res = await send('POST', '/api/products', admin.token, productBody(`${tagged()} B`, { sku: sku.toLowerCase() }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A product with this SKU already exists');
  });

  it('stores uploaded images under products/ and serves them; a refused file stores nothing', async () => {
    const admin = await asAdmin();
    const tag = tagged();
    const form = formOf({ name: `${tag} Belt`, price: '14.99', stockQuantity: '5', category: 'belts', sku: `${tag}-B` });
    form.append('images', new File([await tinyPng()], 'a.png', { type: 'image/png' }));
    form.append('images', new File([await tinyPng()], 'b.png', { type: 'image/png' }));
    const res = await sendForm('POST', '/api/products', admin.token, form);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.product.images).toHaveLength(2);
    expect(res.body.product.image).toBe(res.body.product.images[0]);
    const keys = await keysUnder('products');
    for (const url of res.body.product.images) expect(keys).toContain(keyOf(url));

    const before = await keysUnder('products');
    const bad = formOf({ name: `${tag} Bad`, price: '1', stockQuantity: '1', category: 'belts', sku: `${tag}-X` });
    bad.append('images', new File([new TextEncoder().encode('not an image at all')], 'x.png', { type: 'image/png' }));
    const refused = await sendForm('POST', '/api/products', admin.token, bad);
    expect(refused.status).toBe(415);
    expect(await keysUnder('products')).toEqual(before);
  });
});

describe('PUT /api/products/:id', () => {
  it('keeps the images named in keepImages, adds new ones, and deletes the dropped objects', async () => {
    const admin = await asAdmin();
    const tag = tagged();
    const form = formOf({ name: `${tag} Mitts`, price: '39.99', stockQuantity: '5', category: 'protective-gear', sku: `${tag}-M` });
    form.append('images', new File([await tinyPng()], 'a.png', { type: 'image/png' }));
    form.append('images', new File([await tinyPng()], 'b.png', { type: 'image/png' }));
    const created = (await sendForm('POST', '/api/products', admin.token, form)).body.product;
    const [first, second] = created.images as string[];
    const edit = formOf({ keepImages: [second!], price: '35' });
    edit.append('images', new File([await tinyPng()], 'c.png', { type: 'image/png' }));
    const res = await sendForm('PUT', `/api/products/${created._id}`, admin.token, edit);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.product.images[0]).toBe(second);
    expect(res.body.product.images).toHaveLength(2);
    expect(res.body.product.price).toBe(35);
    expect(await keysUnder('products')).not.toContain(keyOf(first!));
  });

  it('answers 404 for an unknown product and 400 for an empty update', async () => {
    const admin = await asAdmin();
    expect((await send('PUT', '/api/products/nope', admin.token, { price: 1 })).status).toBe(404);
    const p = await makeProduct(admin.token, `${tagged()} Y`);
    const empty = await send('PUT', `/api/products/${p._id}`, admin.token, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Nothing to update');
  });
});

describe('DELETE /api/products', () => {
  it('deletes one, then several; unknown ids are skipped', async () => {
    const admin = await asAdmin();
    const a = await makeProduct(admin.token, `${tagged()} A`);
    const b = await makeProduct(admin.token, `${tagged()} B`);
    const c = await makeProduct(admin.token, `${tagged()} C`);
    expect((await send('DELETE', `/api/products/${a._id}`, admin.token)).status).toBe(200);
    expect((await send('DELETE', `/api/products/${a._id}`, admin.token)).status).toBe(404);
    const bulk = await send('DELETE', '/api/products', admin.token, { productIds: [b._id, c._id, 'missing'] });
    expect(bulk.body).toMatchObject({ success: true, count: 2, message: '2 products deleted successfully' });
    expect(await row(b._id)).toBeUndefined();
    const none = await send('DELETE', '/api/products', admin.token, { productIds: [] });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Product IDs array is required');
  });
});
