import { chargeKey } from '#core/billing/dunning.ts';
import { enrollmentRenewals, invoices, membershipEnrollments, paymentMethods, payments } from '#db/schema/index.ts';
import { planPurchase } from './plan-purchase.ts';
import { demoUserIds } from './demo-users.ts';
import type { Seeder } from './types.ts';

const DAY = 86_400_000;
const PLAN_ID = 'seed-plan-standard-monthly';

/**
 * Automatic billing to look at (issue 26 §5): the demo member pays by a saved sandbox card that approves, their
 * autopay membership renewed and paid the last two months (invoices with receipts); the demo student's card
 * declines: this month's charge failed once and is retried in 2 days (dunning). Fixed ids: running it again adds nothing.
 */
export const autopaySeeder: Seeder = {
  name: 'autopay',
  async run({ db }) {
    const ids = await demoUserIds(db, ['member@dojo.local', 'student@dojo.local']);
    const member = ids.get('member@dojo.local');
    const student = ids.get('student@dojo.local');
    if (!member || !student) return 0;
    const { totals: t, columns } = planPurchase(PLAN_ID);
    const now = Date.now();
    const year = new Date(now).getUTCFullYear();
    const card = (id: string, userId: string, kind: 'ok' | 'decline') => ({
      id,
      userId,
      gateway: 'sandbox' as const,
      status: 'active' as const,
      setupId: `sbxset_seed_${id}`,
      providerCustomerId: `sbxcus_seed_${userId.slice(-8)}`,
      providerMethodId: `sbxpm_${kind}_seed${id.slice(-8).replace(/[^A-Za-z0-9]/g, '')}`,
      brand: 'Visa',
      last4: kind === 'ok' ? '4242' : '0002',
      expMonth: 12,
      expYear: 2030,
      isDefault: true,
      createdAt: new Date(now - 70 * DAY),
    });
    const enrolment = (id: string, userId: string, endsAt: number) => ({
      id,
      userId,
      ...columns,
      status: 'active' as const,
      paymentStatus: 'paid' as const,
      paymentMethod: 'sandbox',
      autopay: true,
      startsAt: new Date(endsAt - 90 * DAY),
      endsAt: new Date(endsAt),
      approvedAt: new Date(endsAt - 90 * DAY),
      paidAt: new Date(endsAt - 90 * DAY),
      createdAt: new Date(endsAt - 91 * DAY),
    });
    const memberEnds = now + 20 * DAY;
    const studentEnds = now - DAY;
    const invoice = (
      id: string,
      n: number,
      payerId: string,
      methodId: string,
      at: number,
      extra: Partial<typeof invoices.$inferInsert>,
    ) => ({
      id,
      number: `INV-${year}-${String(n).padStart(6, '0')}`,
      payerId,
      status: 'paid' as const,
      currency: 'CAD',
      subtotalCents: t.priceCents - t.discountCents,
      taxCents: t.gstCents,
      totalCents: t.totalCents,
      paymentMethodId: methodId,
      dueAt: new Date(at),
      createdAt: new Date(at),
      updatedAt: new Date(at),
      ...extra,
    });
    const line = (id: string, invoiceId: string, enrollmentId: string, userId: string, from: number, paid: string | null) => ({
      id,
      kind: 'membership' as const,
      enrollmentId,
      userId,
      status: paid ? ('paid' as const) : ('pending_payment' as const),
      priceCents: t.priceCents,
      discountCents: t.discountCents,
      gstCents: t.gstCents,
      totalCents: t.totalCents,
      paymentMethod: 'sandbox',
      currency: 'CAD',
      paymentDueAt: new Date(from + 14 * DAY),
      autopayFor: new Date(from),
      invoiceId,
      notes: 'Automatic renewal',
      paidAt: paid ? new Date(from) : null,
      paidByPaymentId: paid,
      periodStartsAt: paid ? new Date(from) : null,
      periodEndsAt: paid ? new Date(from + 30 * DAY) : null,
      createdAt: new Date(from),
    });
    const paidOn = [memberEnds - 60 * DAY, memberEnds - 30 * DAY];
    const paidInvoices = paidOn.map((at, i) =>
      invoice(`seed-invoice-m${i + 1}`, 900_001 + i, member, 'seed-method-member', at, {
        paidAt: new Date(at),
        paymentId: `seed-payment-m${i + 1}`,
      }),
    );
    const paidPayments = paidOn.map((at, i) => ({
      id: `seed-payment-m${i + 1}`,
      userId: member,
      purchaseType: 'invoice' as const,
      purchaseId: `seed-invoice-m${i + 1}`,
      gateway: 'sandbox' as const,
      sessionId: chargeKey(`seed-invoice-m${i + 1}`, 1),
      providerPaymentId: `sbxch_seed_m${i + 1}`,
      amountCents: t.totalCents,
      currency: 'CAD',
      status: 'succeeded' as const,
      paidAt: new Date(at),
      createdAt: new Date(at),
    }));
    const dunning = invoice('seed-invoice-s1', 900_003, student, 'seed-method-student', studentEnds, {
      status: 'open',
      paymentId: null,
      failures: 1,
      firstFailedAt: new Date(studentEnds),
      lastError: 'Your card was declined',
      nextAttemptAt: new Date(now + 2 * DAY),
    });
    const added = await db.batch([
      db
        .insert(paymentMethods)
        .values([card('seed-method-member', member, 'ok'), card('seed-method-student', student, 'decline')])
        .onConflictDoNothing()
        .returning({ id: paymentMethods.id }),
      db
        .insert(membershipEnrollments)
        .values([enrolment('seed-autopay-m1', member, memberEnds), enrolment('seed-autopay-s1', student, studentEnds)])
        .onConflictDoNothing()
        .returning({ id: membershipEnrollments.id }),
      db
        .insert(invoices)
        .values([...paidInvoices, dunning])
        .onConflictDoNothing()
        .returning({ id: invoices.id }),
      db
        .insert(payments)
        .values([
          ...paidPayments,
          {
            id: 'seed-payment-s1',
            userId: student,
            purchaseType: 'invoice' as const,
            purchaseId: 'seed-invoice-s1',
            gateway: 'sandbox' as const,
            sessionId: chargeKey('seed-invoice-s1', 1),
            amountCents: t.totalCents,
            currency: 'CAD',
            status: 'failed' as const,
            failureReason: 'Your card was declined',
            createdAt: new Date(studentEnds),
          },
        ])
        .onConflictDoNothing()
        .returning({ id: payments.id }),
      db
        .insert(enrollmentRenewals)
        .values([
          ...paidOn.map((at, i) =>
            line(`seed-autopay-line-m${i + 1}`, `seed-invoice-m${i + 1}`, 'seed-autopay-m1', member, at, `seed-payment-m${i + 1}`),
          ),
          line('seed-autopay-line-s1', 'seed-invoice-s1', 'seed-autopay-s1', student, studentEnds, null),
        ])
        .onConflictDoNothing()
        .returning({ id: enrollmentRenewals.id }),
    ]);
    return added.reduce((n, rows) => n + rows.length, 0);
  },
};
