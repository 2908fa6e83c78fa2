/** Shared by the membership purchase tests (not a test file itself). */
import { eq } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import {
  couponUses,
  coupons,
  type NewCouponRow,
  enrollmentRenewals,
  membershipEnrollments,
  membershipPlans,
  memberships,
  type NewMembershipPlanRow,
  type NewMembershipRow,
} from '#db/schema/index.ts';
import { api, testDb, uniq, type TestUser } from '#test/helpers.ts';
import { approve } from '#worker/features/orders/orders.test-helpers.ts';

export const PDF = () => new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
export const PNG = () =>
  new Uint8Array([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0,
  ]);
export const FAKE_PDF = () => new TextEncoder().encode('just some text pretending to be a pdf');

/** A membership with one plan: C$100.00, discount price C$90.00, 13% GST, 1 month, unless told otherwise. */
export async function insertMembership(plan: Partial<NewMembershipPlanRow> = {}, membership: Partial<NewMembershipRow> = {}) {
  const db = testDb();
  const m = await db
    .insert(memberships)
    .values({ id: newId(), name: `Membership ${uniq()}`, benefits: ['Classes'], ...membership })
    .returning()
    .get();
  const p = await db
    .insert(membershipPlans)
    .values({
      id: newId(),
      membershipId: m.id,
      name: 'Monthly',
      durationMonths: 1,
      priceCents: 10_000,
      discountPriceCents: 9_000,
      gstRate: 13,
      ...plan,
    })
    .returning()
    .get();
  return { membership: m, plan: p };
}

/**
 * An active, paid membership of `userId` straight in the database (plan 100.00 − 10.00, GST 13 %: 101.70), on a
 * fresh membership and plan, ending at `endsAt` (a month after its start); `over` sets any other column.
 */
export async function insertActiveMembership(userId: string, endsAt: Date, over: Partial<typeof membershipEnrollments.$inferInsert> = {}) {
  const { membership, plan } = await insertMembership();
  return testDb()
    .insert(membershipEnrollments)
    .values({
      id: newId(),
      userId,
      membershipId: membership.id,
      planId: plan.id,
      membershipName: membership.name,
      planName: plan.name,
      durationMonths: 1,
      status: 'active',
      paymentStatus: 'paid',
      paymentMethod: 'sandbox',
      planPriceCents: 10_000,
      discountCents: 1_000,
      gstCents: 1_170,
      totalCents: 10_170,
      startsAt: new Date(endsAt.getTime() - 31 * 86_400_000),
      endsAt,
      ...over,
    })
    .returning()
    .get();
}

export type DocumentFile = { name: string; bytes: Uint8Array; type?: string };

/** The multipart purchase a browser sends. */
export function purchaseForm(fields: Record<string, string | undefined>, documents: DocumentFile[] = []) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, v);
  for (const d of documents) form.append('documents', new File([d.bytes as BlobPart], d.name, { type: d.type ?? 'application/pdf' }));
  return form;
}

export const purchase = (user: TestUser, fields: Record<string, string | undefined>, documents: DocumentFile[] = []) =>
  api('/api/purchase-membership', {
    method: 'POST',
    token: user.token,
    raw: purchaseForm({ paymentMethod: 'sandbox', ...fields }, documents),
  });

export async function verifyMembership(user: TestUser, ids: { enrollmentId?: string; renewalId?: string }, sessionId: string) {
  return api('/api/purchase-membership/verify-payment', {
    method: 'POST',
    token: user.token,
    body: { ...ids, ...(await approve(sessionId)) },
  });
}

export const enrollmentRow = (id: string) => testDb().select().from(membershipEnrollments).where(eq(membershipEnrollments.id, id)).get();
export const renewalRow = (id: string) => testDb().select().from(enrollmentRenewals).where(eq(enrollmentRenewals.id, id)).get();
export const couponUsesOf = (purchaseId: string) => testDb().select().from(couponUses).where(eq(couponUses.purchaseId, purchaseId));

/** Calendar months added as SQLite's '+N months' does (the same overflow as JavaScript's setUTCMonth). */
export const addMonths = (ms: number, months: number) => {
  const d = new Date(ms);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.getTime();
};

/** A coupon straight in the database: 10% off memberships unless told otherwise. */
export async function insertCoupon(overrides: Partial<NewCouponRow> = {}) {
  return testDb()
    .insert(coupons)
    .values({
      id: newId(),
      code: `M${uniq().toUpperCase()}`,
      discountType: 'percentage',
      discountValue: 1000,
      category: 'membership',
      ...overrides,
    })
    .returning()
    .get();
}
