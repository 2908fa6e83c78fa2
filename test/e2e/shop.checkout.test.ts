import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { adminToken, apiCall, createTestUser, islandReady, loginThroughForm, openPage, POLL } from './auth-helpers.ts';

const baseUrl = inject('baseUrl');
const tag = () => Math.random().toString(36).slice(2, 8).toUpperCase();

describe('the shop in a browser: product → cart with coupon → checkout → sandbox → paid order', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('buys two belts with a coupon through the sandbox, clears the cart and takes the stock', async () => {
    const admin = await adminToken(baseUrl);
    const t = tag();
    const product = await apiCall(baseUrl, '/products', {
      token: admin,
      body: {
        name: `E2E Belt ${t}`,
        price: 20,
        stockQuantity: 5,
        category: 'belts',
        sku: `E2E-${t}`,
        gstRate: 13,
        shippingFee: 2,
        sizes: ['2', '3'],
        colors: ['Blue'],
      },
    });
    expect(product.status).toBe(201);
    const productId = product.body.product._id as string;
    const coupon = await apiCall(baseUrl, '/coupons', {
      token: admin,
      body: { code: `E2E${t}`, discountType: 'fixed', discountValue: 5, category: 'shop' },
    });
    expect(coupon.status).toBe(201);
    const buyer = await createTestUser(baseUrl, 'member', 'shopper');

    const page = await openPage(browser, { allowHttpErrors: true });
    await page.goto(`${baseUrl}/shop/${productId}`);
    await islandReady(page, '.add-to-cart[data-ready]');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect
      .poll(() => page.locator('.add-to-cart [role=alert]').textContent(), POLL)
      .toBe(`Please select a size for E2E Belt ${t}. Available sizes: 2, 3`);
    await page.getByLabel('Size').selectOption('3');
    await page.getByLabel('Colour').selectOption('Blue');
    await page.getByLabel('Quantity').fill('2');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => page.locator('.nav-desktop [data-cart-count]').textContent(), POLL).toBe('2');

    await page.goto(`${baseUrl}/cart`);
    await islandReady(page, '.cart[data-ready]');
    await page.getByLabel('Coupon code').fill(`e2e${t.toLowerCase()}`);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.locator('.cart-totals').textContent(), POLL).toContain(`Coupon (E2E${t})−$5.00`);
    // $40 − $5 = $35; GST 13% = $4.55; shipping 2 × $2 = $4; total $43.55 (core/shop/cart-totals.ts, as the server computes it)
    expect(await page.locator('.cart-total dd').textContent()).toBe('$43.55');

    await loginThroughForm(page, baseUrl, 'email', { label: 'Email', value: buyer.email }, buyer.password);
    await page.waitForURL(/\/student/, { timeout: 15_000 });
    await page.goto(`${baseUrl}/checkout`);
    await islandReady(page, 'form.checkout[data-ready]');
    expect(await page.locator('.nav-desktop [data-account-link]').textContent()).toBe(buyer.firstName);
    await page.getByLabel('Phone').fill('+1 604 555 0199');
    await page.getByLabel('Address', { exact: true }).fill('1 Dojo Way');
    await page.getByLabel('City').fill('Vancouver');
    await page.getByLabel('Province').fill('BC');
    await page.getByLabel('Postal code').fill('V5K 0A1');
    await page.getByRole('radio', { name: /Test payment/ }).check();
    await page.getByRole('button', { name: 'Place order and pay' }).click();
    await page.waitForURL(/\/pay\/sandbox\//, { timeout: 15_000 });
    expect(await page.locator('.sandbox-amount').textContent()).toContain('$43.55');
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await page.waitForURL(/\/shop\/order-complete/, { timeout: 15_000 });
    await expect.poll(() => page.locator('.order-done [role=status]').textContent(), POLL).toContain('Payment received for order');
    expect(await page.evaluate(() => [localStorage.getItem('cart'), localStorage.getItem('applied_coupon')])).toEqual([null, null]);
    expect(await page.locator('.nav-desktop [data-cart-count]').isHidden()).toBe(true);

    const stock = await apiCall(baseUrl, `/products/${productId}`);
    expect(stock.body.product.stockQuantity).toBe(3);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const orders = await apiCall(baseUrl, '/orders/my-orders', { token: token! });
    expect(orders.body.data[0]).toMatchObject({ orderStatus: 'paid', couponCode: `E2E${t}`, totalAmount: 43.55, discountAmount: 5 });
  });

  it('lists products with the category filter and sort in the URL, without JavaScript', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/shop`);
    await page.getByLabel('Category').selectOption('belts');
    await page.getByLabel('Sort by').selectOption('price-asc');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(/category=belts/);
    expect(page.url()).toContain('sort=price-asc');
    const prices = await page.locator('.product-card .price-now').allTextContents();
    const values = prices.map((p) => Number(p.replace(/[^0-9.]/g, '')));
    expect(values.length).toBeGreaterThan(0);
    expect([...values].sort((a, b) => a - b)).toEqual(values);
    await context.close();
  });
});
