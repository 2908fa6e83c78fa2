import { describe, expect, it } from 'vitest';
import { newId } from '#core/ids.ts';
import { products } from '#db/schema/index.ts';
import { testDb, uniq } from '#test/helpers.ts';
import { page } from '#worker/pages/public/page-test-kit.ts';

const addProduct = (name: string, description = 'Training gear') => {
  const tag = uniq();
  return testDb()
    .insert(products)
    .values({ id: newId(), name, description, priceCents: 2500, stockQuantity: 5, category: 'accessories', sku: `SRCH-${tag}` })
    .returning()
    .get();
};

describe('shop search (/shop?search=, a plain GET form, filtered by the server)', () => {
  it('offers a search box that works without JavaScript and keeps the term in the box', async () => {
    const { html } = await page('/shop?search=gi');
    const form = /<form class="filters"[^>]*>/.exec(html)?.[0] ?? '';
    expect(form).toContain('role="search"');
    expect(form).toContain('action="/shop"');
    expect(form).toContain('method="get"');
    const input = /<input id="shop-search"[^>]*>/.exec(html)?.[0] ?? '';
    expect(input).toContain('name="search"');
    expect(input).toContain('value="gi"');
    expect(input).not.toContain('required');
  });

  it('lists only the products whose name, SKU or description holds the term', async () => {
    const tag = uniq();
    const kama = await addProduct(`Kama ${tag}`);
    const other = await addProduct(`Bo staff ${tag}x`, `Pairs well with kama ${tag}`);
    const unrelated = await addProduct(`Tonfa ${uniq()}`);
    const { html } = await page(`/shop?search=${encodeURIComponent(`kama ${tag}`)}`);
    expect(html).toContain(`/shop/${kama.id}`);
    expect(html).toContain(`/shop/${other.id}`);
    expect(html).not.toContain(`/shop/${unrelated.id}`);
    expect(html).toMatch(/2 products/);
  });

  it('takes % and _ literally (LIKE escaped), and says when nothing matches', async () => {
    const tag = uniq();
    const percent = await addProduct(`100% cotton gi ${tag}`);
    const plain = await addProduct(`Cotton gi ${tag}`);
    const { html } = await page(`/shop?search=${encodeURIComponent(`100% cotton gi ${tag}`)}`);
    expect(html).toContain(`/shop/${percent.id}`);
    expect(html).not.toContain(`/shop/${plain.id}`);
    const none = (await page(`/shop?search=${encodeURIComponent(`%_${tag}`)}`)).html;
    expect(none).not.toContain(`/shop/${percent.id}`);
    expect(none).toContain('No product matches');
  });
});

describe('the shop pages hand the school terms to their islands', () => {
  it('cart, checkout and confirmation get the money format, tax name and shipping rules', async () => {
    for (const path of ['/cart', '/checkout', '/shop/order-complete']) {
      const { html } = await page(path);
      expect(html, path).toMatch(
        /"terms":\{"money":\{"symbol":"[^"]+","thousandsSeparator":"[^"]*","decimalSeparator":"[^"]*"\},"taxName":/,
      );
      expect(html, path).toMatch(/"shipping":\{"capCents":(null|\d+),"freeOverCents":(null|\d+)\}/);
    }
  });
});
