import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, apiCall, createTestUser, POLL, type CreatedUser } from './auth-helpers.ts';
import { adminPage, asAdmin, openScreen, screenReady, screenshot, statusLine, uniq } from './admin-content-helpers.ts';
import { launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');
const row = (page: Page, number: string) => page.locator(`tbody tr[data-number="${number}"]`);
const detail = (page: Page, status: string) => page.locator(`.order-detail[data-status="${status}"]`);
const offered = (page: Page) => page.getByLabel('New status').locator('option').allTextContents();

type Placed = { id: string; number: string; sessionId: string };

async function newProduct() {
  const t = uniq('').trim().toUpperCase();
  const res = await apiCall(baseUrl, '/products', {
    token: await adminToken(baseUrl),
    body: { name: `E2E Gi ${t}`, price: 45, stockQuantity: 20, category: 'uniforms', sku: `E2E-GI-${t}`, gstRate: 13, shippingFee: 5 },
  });
  expect(res.status).toBe(201);
  return res.body.product._id as string;
}

async function placeOrder(buyer: CreatedUser, token: string, product: string, quantity: number): Promise<Placed> {
  const res = await apiCall(baseUrl, '/orders', {
    token,
    body: {
      items: [{ product, quantity }],
      contact: { name: `${buyer.firstName} ${buyer.lastName}`, email: buyer.email, phone: '+1 604 555 0101' },
      shippingAddress: { line1: '1 Dojo Way', city: 'Vancouver', province: 'BC', postalCode: 'V5K 0A1', country: 'Canada' },
      notes: 'Please leave it at the front desk.',
      paymentMethod: 'sandbox',
    },
  });
  expect(res.status).toBe(201);
  const { order, payment } = res.body.data;
  return { id: order._id, number: order.orderNumber, sessionId: payment.sessionId };
}

/** The sandbox's Approve (POST checkoutUrl {outcome}), then the buyer's verify-payment: the order becomes paid. */
async function pay(order: Placed, token: string) {
  const approved = await fetch(`${baseUrl}/pay/sandbox/${order.sessionId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ outcome: 'approve' }),
  });
  const proof = (await approved.json()) as { success: boolean; data: Record<string, string> };
  expect(proof.success).toBe(true);
  const verified = await apiCall(baseUrl, '/orders/verify-payment', { token, body: { orderId: order.id, ...proof.data } });
  expect(verified.status).toBe(200);
  expect(verified.body.data.order.orderStatus).toBe('paid');
}

async function search(page: Page, term: string) {
  await page.getByLabel('Search by order number, email or name').fill(term);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await screenReady(page);
}

describe('the admin orders and payments screens', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('finds a paid order by number and ships it, shows a refused move, cancels an unpaid one with a reason, bulk-deletes two, and refunds the payment', async () => {
    const product = await newProduct();
    const buyer = await createTestUser(baseUrl, 'member', 'buyer');
    const login = await apiCall(baseUrl, '/auth/login', { body: { email: buyer.email, password: buyer.password } });
    expect(login.status).toBe(200);
    const token = login.body.token as string;
    const paid = await placeOrder(buyer, token, product, 2);
    await pay(paid, token);
    const unpaid = await placeOrder(buyer, token, product, 1);
    const spare = [await placeOrder(buyer, token, product, 1), await placeOrder(buyer, token, product, 3)];

    // The refused move below is a 409 the browser reports on its console.
    const { page } = await adminPage(browser, baseUrl, { allow: [/status of 409/] });
    await openScreen(page, baseUrl, '/admin/shop-orders');
    expect(await page.getByRole('navigation', { name: 'Admin panel' }).getByRole('link', { name: 'Orders', exact: true }).count()).toBe(1);
    await search(page, paid.number);
    await row(page, paid.number).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(1);
    expect(await row(page, paid.number).getByText('Paid', { exact: true }).count()).toBe(1);
    // 2 × $45 = $90 + GST 13% $11.70 + shipping 2 × $5 = $111.70
    expect(await row(page, paid.number).locator('td[data-label="Total"]').innerText()).toBe('$111.70\nCAD');
    expect(await row(page, paid.number).locator('td[data-label="Customer"]').textContent()).toContain(buyer.email);
    await screenshot(page, 'admin-orders-list-1280');

    await row(page, paid.number).getByRole('link', { name: paid.number }).click();
    await page.waitForURL(`${baseUrl}/admin/shop-orders/${paid.id}`);
    await detail(page, 'paid').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Order ${paid.number}`);
    expect(await page.locator('.order-amounts .cart-total dd').textContent()).toBe('$111.70');
    expect(await page.getByText('Please leave it at the front desk.').count()).toBe(1);
    // The life cycle: a paid order moves to processing (or is refunded); shipping or delivering it now is not offered.
    expect(await offered(page)).toEqual(['Processing', 'Refunded']);

    await page.getByLabel('New status').selectOption({ label: 'Processing' });
    await page.getByRole('button', { name: 'Change status' }).click();
    await detail(page, 'processing').waitFor();
    await expect.poll(() => statusLine(page).textContent(), POLL).toBe('Status changed to Processing');
    expect(await offered(page)).toEqual(['Shipped', 'Refunded']);

    await page.getByLabel('New status').selectOption({ label: 'Shipped' });
    await page.getByRole('button', { name: 'Change status' }).click();
    await detail(page, 'shipped').waitFor();
    expect(await offered(page)).toEqual(['Delivered', 'Refunded']);
    expect(await page.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    const shipped = (await asAdmin(baseUrl, `/orders/${paid.id}`)).body.data;
    expect(shipped.orderStatus).toBe('shipped');
    expect(shipped.shippedAt).toBeTruthy();
    await screenshot(page, 'admin-order-detail-1280');

    // Delivered meanwhile by someone else: the page's move is refused with the server's words, and the page catches up.
    expect((await asAdmin(baseUrl, `/orders/${paid.id}/status`, { method: 'PATCH', body: { status: 'delivered' } })).status).toBe(200);
    await page.getByLabel('New status').selectOption({ label: 'Delivered' });
    await page.getByRole('button', { name: 'Change status' }).click();
    await expect
      .poll(() => page.locator('.panel-screen > [role="alert"]').textContent(), POLL)
      .toBe('Cannot change an order from delivered to delivered');
    await detail(page, 'delivered').waitFor();
    expect(await offered(page)).toEqual(['Refunded']);

    await page.goto(`${baseUrl}/admin/shop-orders/${unpaid.id}`);
    await detail(page, 'pending_payment').waitFor();
    expect(await offered(page)).toEqual([]);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel order ${unpaid.number}?` });
    expect(await dialog.textContent()).toContain('items go back into stock');
    await dialog.getByLabel(/^Reason/).fill('Customer asked by phone to cancel.');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await detail(page, 'cancelled').waitFor();
    expect(await page.locator('.screen-head .badge').textContent()).toBe('Cancelled');
    expect(await page.locator('[data-cancel-reason]').textContent()).toBe('Customer asked by phone to cancel.');
    expect(await page.locator('.order-detail').textContent()).toContain('its status cannot change any more');
    expect((await asAdmin(baseUrl, `/orders/${unpaid.id}`)).body.data).toMatchObject({
      orderStatus: 'cancelled',
      cancelReason: 'Customer asked by phone to cancel.',
    });

    await page.getByRole('link', { name: '← Orders' }).click();
    await page.waitForURL(`${baseUrl}/admin/shop-orders`);
    await screenReady(page);
    await search(page, buyer.email);
    await row(page, spare[1]!.number).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(4);
    for (const o of spare)
      await row(page, o.number)
        .getByRole('checkbox', { name: `Select order ${o.number}` })
        .check();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    await page.getByRole('dialog', { name: 'Delete 2 orders?' }).getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => statusLine(page).textContent(), POLL).toBe('2 orders deleted successfully');
    await screenReady(page);
    expect(await page.locator('tbody tr').count()).toBe(2);
    for (const o of spare) expect((await asAdmin(baseUrl, `/orders/${o.id}`)).status).toBe(404);

    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'admin-orders-list-375');
    await page.goto(`${baseUrl}/admin/shop-orders/${paid.id}`);
    await detail(page, 'delivered').waitFor();
    await screenshot(page, 'admin-order-detail-375');
    await page.setViewportSize({ width: 1280, height: 900 });

    await openScreen(page, baseUrl, '/admin/payments');
    await page.getByLabel('Search by payer email or an id').fill(paid.id);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await screenReady(page);
    const payment = page.locator(`tbody tr[data-purchase="${paid.id}"]`);
    await payment.waitFor();
    expect(await payment.getByText('Succeeded', { exact: true }).count()).toBe(1);
    expect(await payment.locator('td[data-label="Amount"]').textContent()).toBe('$111.70 CAD');
    expect(await payment.locator('td[data-label="Gateway"]').textContent()).toBe('Sandbox (test)');
    expect(await payment.locator('td[data-label="Payer"]').textContent()).toBe(`${buyer.firstName} ${buyer.lastName}${buyer.email}`);
    await screenshot(page, 'admin-payments-list-1280');

    await payment.getByRole('link', { name: /: payment of \$111\.70 CAD$/ }).click();
    await page.locator('.payment-detail[data-status="succeeded"]').waitFor();
    expect(await page.getByLabel('New status').locator('option').allTextContents()).toEqual(['Refunded']);
    await screenshot(page, 'admin-payment-detail-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'admin-payment-detail-375');

    await page.getByRole('button', { name: 'Change status' }).click();
    const refund = page.getByRole('dialog', { name: 'Mark this payment refunded?' });
    expect(await refund.textContent()).toContain('Gives $111.70 CAD back through Sandbox (test), and the order is marked refunded.');
    await refund.getByRole('button', { name: 'Change status' }).click();
    await page.locator('.payment-detail[data-status="refunded"]').waitFor();
    await expect.poll(() => statusLine(page).textContent(), POLL).toBe('Payment marked refunded');
    expect(await page.locator('.payment-detail').textContent()).toContain('its status cannot change any more');
    expect((await asAdmin(baseUrl, `/orders/${paid.id}`)).body.data.orderStatus).toBe('refunded');

    await page.getByRole('link', { name: '← Payments' }).click();
    await screenReady(page);
    await screenshot(page, 'admin-payments-list-375');
    await page
      .locator(`tbody tr[data-purchase="${paid.id}"]`)
      .getByRole('link', { name: /^Shop order/ })
      .click();
    await detail(page, 'refunded').waitFor();
  });
});
