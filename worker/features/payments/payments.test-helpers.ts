/** Payments written straight to the table for the payments tests (orders come from #test/order-helpers.ts). */
import { eq } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import { orders, payments } from '#db/schema/index.ts';
import { testDb, type TestUser } from '#test/helpers.ts';

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
