import { and, asc, eq, inArray } from 'drizzle-orm';
import { INVOICE_STATUS_LABELS } from '#core/billing/billing-options.ts';
import { decimalAmount, type InvoiceLineView, type InvoiceView, type PersonRef } from '#core/billing/views.ts';
import { profileName, type NamedProfile } from '#core/users/person-name.ts';
import type { Db } from '#db/client.ts';
import {
  enrollmentRenewals,
  membershipEnrollments,
  paymentMethods,
  users,
  type InvoiceRow,
  type PaymentMethodRow,
} from '#db/schema/index.ts';
import { batch } from '#worker/lib/sql.ts';
import { serializePaymentMethod } from './method-view.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const person = (id: string, profile: NamedProfile): PersonRef => ({ _id: id, name: profileName(profile) });

export const receiptUrl = (invoiceId: string) => `/api/billing/invoices/${invoiceId}/receipt`;

/** One invoice as the member's and the school's billing calls send it (API-26 InvoiceView). */
export function serializeInvoice(
  row: InvoiceRow,
  parts: { payer: PersonRef; method: PaymentMethodRow | null; lines: InvoiceLineView[] },
): InvoiceView {
  return {
    _id: row.id,
    number: row.number,
    status: row.status,
    statusLabel: INVOICE_STATUS_LABELS[row.status],
    payer: parts.payer,
    currency: row.currency,
    subtotal: decimalAmount(row.subtotalCents),
    tax: decimalAmount(row.taxCents),
    total: decimalAmount(row.totalCents),
    totalCents: row.totalCents,
    dueAt: row.dueAt.toISOString(),
    nextAttemptAt: iso(row.nextAttemptAt),
    failures: row.failures,
    lastError: row.lastError,
    expiresAt: iso(row.expiresAt),
    paidAt: iso(row.paidAt),
    createdAt: row.createdAt.toISOString(),
    paymentMethod: parts.method ? serializePaymentMethod(parts.method) : null,
    lines: parts.lines,
    receiptUrl: row.status === 'paid' ? receiptUrl(row.id) : null,
  };
}

/** Invoices with their payer, method and lines (the membership renewals they charge), read in one batch, in the rows' order. */
export async function invoiceViews(db: Db, rows: readonly InvoiceRow[]): Promise<InvoiceView[]> {
  if (!rows.length) return [];
  const payerIds = [...new Set(rows.map((r) => r.payerId))];
  const methodIds = [...new Set(rows.flatMap((r) => (r.paymentMethodId ? [r.paymentMethodId] : [])))];
  const [payers, methods, lines] = await batch(db, [
    db.select({ id: users.id, profile: users.profile }).from(users).where(inArray(users.id, payerIds)),
    db.select().from(paymentMethods).where(inArray(paymentMethods.id, methodIds)),
    db
      .select({
        id: enrollmentRenewals.id,
        invoiceId: enrollmentRenewals.invoiceId,
        enrollmentId: enrollmentRenewals.enrollmentId,
        totalCents: enrollmentRenewals.totalCents,
        periodStartsAt: enrollmentRenewals.periodStartsAt,
        periodEndsAt: enrollmentRenewals.periodEndsAt,
        membershipName: membershipEnrollments.membershipName,
        planName: membershipEnrollments.planName,
        personId: users.id,
        profile: users.profile,
      })
      .from(enrollmentRenewals)
      .innerJoin(membershipEnrollments, eq(membershipEnrollments.id, enrollmentRenewals.enrollmentId))
      .innerJoin(users, eq(users.id, membershipEnrollments.userId))
      .where(
        and(
          eq(enrollmentRenewals.kind, 'membership'),
          inArray(
            enrollmentRenewals.invoiceId,
            rows.map((r) => r.id),
          ),
        ),
      )
      .orderBy(asc(enrollmentRenewals.createdAt), asc(enrollmentRenewals.id)),
  ]);
  const payerOf = new Map(payers.map((p) => [p.id, person(p.id, p.profile)]));
  const methodOf = new Map(methods.map((m) => [m.id, m]));
  const linesOf = new Map<string | null, typeof lines>();
  for (const l of lines) linesOf.set(l.invoiceId, [...(linesOf.get(l.invoiceId) ?? []), l]);
  return rows.map((row) =>
    serializeInvoice(row, {
      payer: payerOf.get(row.payerId) ?? { _id: row.payerId, name: '' },
      method: row.paymentMethodId ? (methodOf.get(row.paymentMethodId) ?? null) : null,
      lines: (linesOf.get(row.id) ?? []).map((l) => ({
        _id: l.id,
        enrollmentId: l.enrollmentId,
        person: person(l.personId, l.profile),
        description: `${l.membershipName} — ${l.planName}`,
        amount: decimalAmount(l.totalCents),
        amountCents: l.totalCents,
        periodStartsAt: iso(l.periodStartsAt),
        periodEndsAt: iso(l.periodEndsAt),
      })),
    }),
  );
}
