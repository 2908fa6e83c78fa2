import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { adminToken, apiCall, createTestUser, islandReady, loginThroughForm, openPage, POLL, uniqueEmail } from './auth-helpers.ts';

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
    await page.getByLabel('Province or territory').selectOption('BC');
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

  it('a new buyer creates an account from the checkout, comes back with the cart, sees price × quantity and the address, and the next checkout remembers them', async () => {
    const admin = await adminToken(baseUrl);
    const t = tag();
    const product = await apiCall(baseUrl, '/products', {
      token: admin,
      body: {
        name: `E2E Guard ${t}`,
        price: 15,
        stockQuantity: 4,
        category: 'protective-gear',
        sku: `E2G-${t}`,
        gstRate: 12,
        shippingFee: 2,
      },
    });
    expect(product.status).toBe(201);
    const productId = product.body.product._id as string;

    const page = await openPage(browser, { allowHttpErrors: true });
    await page.goto(`${baseUrl}/shop/${productId}`);
    await islandReady(page, '.add-to-cart[data-ready]');
    // Asking for more than is left is said, not applied silently.
    await page.getByLabel('Quantity').fill('6');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect
      .poll(() => page.locator('.add-to-cart [role=status]').textContent(), POLL)
      .toContain(`Only 4 of E2E Guard ${t} left: quantity set to 4`);
    await page.goto(`${baseUrl}/cart`);
    await islandReady(page, '.cart[data-ready]');
    await page.getByLabel(`Quantity of E2E Guard ${t}`).fill('2');

    await page.goto(`${baseUrl}/checkout`);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL(/\/auth\/register\?next=%2Fcheckout/);
    await islandReady(page, 'form[data-ready]');
    const email = uniqueEmail('returning');
    await page.getByLabel('First name').fill('Kenji');
    await page.getByLabel('Last name').fill('Mori');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Kata-Heian-Shodan-26');
    await page.getByLabel('Confirm password').fill('Kata-Heian-Shodan-26');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.locator('main [role="status"]').textContent(), POLL).toContain('Please check your email');
    // The way back rides along: log in, then the checkout again.
    await page.getByRole('link', { name: 'Go to log in' }).click();
    await page.waitForURL(/\/auth\/login\?next=%2Fcheckout/);
    await islandReady(page, 'form[data-ready]');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Kata-Heian-Shodan-26');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/checkout$/, { timeout: 15_000 });
    await islandReady(page, 'form.checkout[data-ready]');
    expect(await page.locator('.checkout-lines').textContent()).toContain('$15.00 × 2 = $30.00');

    await page.getByLabel('Phone').fill('+1 604 555 0123');
    await page.getByLabel('Address', { exact: true }).fill('88 Kata Street');
    await page.getByLabel('City').fill('Burnaby');
    await page.getByLabel('Province or territory').selectOption('BC');
    await page.getByLabel('Postal code').fill('V5H 2E2');
    expect(await page.getByLabel('Save to my profile').isChecked()).toBe(true);
    await page.getByRole('radio', { name: /Test payment/ }).check();
    await page.getByRole('button', { name: 'Place order and pay' }).click();
    await page.waitForURL(/\/pay\/sandbox\//, { timeout: 15_000 });
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await page.waitForURL(/\/shop\/order-complete/, { timeout: 15_000 });
    await islandReady(page, '.order-done[data-ready]');
    const done = (await page.locator('.order-breakdown').textContent()) ?? '';
    // $30 goods; tax 12 % = $3.60; shipping 2 × $2 = $4; total $37.60
    for (const part of [
      '$15.00 × 2 = $30.00',
      'Subtotal$30.00',
      'Tax (12%)$3.60',
      'Shipping$4.00',
      'Total$37.60',
      '88 Kata Street',
      'Burnaby, BC V5H 2E2',
    ])
      expect(done).toContain(part);

    await page.goto(`${baseUrl}/student/orders`);
    await islandReady(page, '.order-list, .panel-screen[data-ready]');
    await expect.poll(() => page.locator('.order-card .order-breakdown').first().textContent(), POLL).toContain('$15.00 × 2 = $30.00');
    expect(await page.locator('.order-card').first().textContent()).toContain('Tax (12%)');

    await page.goto(`${baseUrl}/shop/${productId}`);
    await islandReady(page, '.add-to-cart[data-ready]');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.goto(`${baseUrl}/checkout`);
    await islandReady(page, 'form.checkout[data-ready]');
    expect(await page.getByLabel('Phone').inputValue()).toBe('+1 604 555 0123');
    expect(await page.getByLabel('Address', { exact: true }).inputValue()).toBe('88 Kata Street');
    expect(await page.getByLabel('City').inputValue()).toBe('Burnaby');
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

  it('searches the shop without JavaScript', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/shop`);
    const total = Number((await page.locator('.results-count').textContent())?.match(/\d+/)?.[0]);
    await page.getByLabel('Search').fill('belt');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(/search=belt/);
    const found = Number((await page.locator('.results-count').textContent())?.match(/\d+/)?.[0]);
    const names = await page.locator('.product-card .card-title').allTextContents();
    expect(names.some((n) => n.toLowerCase().includes('belt'))).toBe(true);
    expect(found).toBeGreaterThan(0);
    expect(found).toBeLessThan(total);
    expect(await page.getByLabel('Search').inputValue()).toBe('belt');
    await context.close();
  });
});
