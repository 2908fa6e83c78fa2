import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { adminToken, apiCall, createTestUser, loginThroughForm, openPage, POLL } from './auth-helpers.ts';

const baseUrl = inject('baseUrl');
const tag = () => Math.random().toString(36).slice(2, 8).toUpperCase();

describe('My orders in the member panel', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('pays an unpaid order from the panel through the sandbox, then cancels it and sees it refunded', async () => {
    const t = tag();
    const product = await apiCall(baseUrl, '/products', {
      token: await adminToken(baseUrl),
      body: {
        name: `E2E Mitts ${t}`,
        price: 30,
        stockQuantity: 4,
        category: 'protective-gear',
        sku: `E2E-MY-${t}`,
        gstRate: 5,
        shippingFee: 1,
      },
    });
    expect(product.status).toBe(201);
    const buyer = await createTestUser(baseUrl, 'member', 'orderer');
    const page = await openPage(browser, { viewport: { width: 375, height: 800 } });
    await loginThroughForm(page, baseUrl, 'email', { label: 'Email', value: buyer.email }, buyer.password);
    await page.waitForURL(/\/student/, { timeout: 15_000 });
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    const placed = await apiCall(baseUrl, '/orders', {
      token,
      body: {
        items: [{ product: product.body.product._id, quantity: 1 }],
        paymentMethod: 'sandbox',
        contact: { name: 'Test Orderer', email: buyer.email, phone: '+1 416 555 0100' },
        shippingAddress: { line1: '1 Dojo Way', city: 'Toronto', province: 'ON', postalCode: 'M5H 2N2', country: 'Canada' },
      },
    });
    expect(placed.status).toBe(201);
    const number = placed.body.data.order.orderNumber as string;

    await page.goto(`${baseUrl}/student/orders`);
    const card = page.locator('.order-card', { hasText: number });
    await card.waitFor({ timeout: 15_000 });
    expect(await card.locator('.badge').textContent()).toBe('Awaiting payment');
    // $30 + 5% GST $1.50 + shipping $1 = $32.50, as the server priced it
    expect(await card.locator('.order-amounts .cart-total dd').textContent()).toBe('$32.50');
    await card.getByRole('button', { name: `Pay now for order ${number}` }).click();
    await page.waitForURL(/\/pay\/sandbox\//, { timeout: 15_000 });
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await page.waitForURL(/\/shop\/order-complete/, { timeout: 15_000 });
    await expect.poll(() => page.locator('.order-done [role=status]').textContent(), POLL).toContain('Payment received for order');

    await page.goto(`${baseUrl}/student/orders`);
    await card.waitFor({ timeout: 15_000 });
    await expect.poll(() => card.locator('.badge').textContent(), POLL).toBe('Paid');
    expect(await card.getByRole('button', { name: /Pay now/ }).count()).toBe(0);
    await card.getByRole('button', { name: `Cancel order ${number}` }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.textContent()).toContain('Your payment will be refunded');
    await dialog.getByLabel('Reason (optional)').fill('Bought the wrong size');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expect.poll(() => card.locator('.badge').textContent(), POLL).toBe('Refunded');
    expect(await card.textContent()).toContain('Bought the wrong size');
    const stock = await apiCall(baseUrl, `/products/${product.body.product._id}`);
    expect(stock.body.product.stockQuantity).toBe(4);
  });
});
