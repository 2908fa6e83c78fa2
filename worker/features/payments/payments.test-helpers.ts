/** Orders and payments written straight to the tables for the payments tests (the orders feature is not imported). */
import { eq } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import { orders, payments } from '#db/schema/index.ts';
import { testDb, type TestUser } from '#test/helpers.ts';

export async function pendingOrder(user: TestUser, totalCents = 4200) {
  const id = newId();
  await testDb()
    .insert(orders)
    .values({
      id,
      orderNumber: `P-${id.slice(-12)}`,
      userId: user.id,
      subtotalCents: totalCents,
      totalCents,
      paymentMethod: 'sandbox',
      contact: { name: 'T', email: user.email, phone: '1' },
      shippingAddress: { line1: 'x', line2: '', city: 'x', province: 'x', postalCode: 'x', country: 'x' },
      expiresAt: new Date(Date.now() + 600_000),
    });
  return id;
}

export async function openPayment(user: TestUser, orderId: string, amountCents = 4200) {
  const row = {
    id: newId(),
    userId: user.id,
    purchaseType: 'order' as const,
    purchaseId: orderId,
    gateway: 'sandbox' as const,
    sessionId: `sbx_${newId()}`,
    amountCents,
    currency: 'CAD',
  };
  await testDb().insert(payments).values(row);
  return row;
}

export const orderStatus = async (id: string) =>
  (await testDb().select({ s: orders.status }).from(orders).where(eq(orders.id, id)).get())?.s;
export const paymentRow = (id: string) => testDb().select().from(payments).where(eq(payments.id, id)).get();
