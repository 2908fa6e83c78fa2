/** SQL pieces every membership move shares: the period arithmetic and the end-of-life statements. */
import { and, eq, getTableColumns, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { REFUNDED_ON_CANCEL_FROM, type MembershipEnrollmentStatus } from '#core/enrollments/enrollment-status.ts';
import { newId } from '#core/ids.ts';
import type { Db } from '#db/client.ts';
import { couponUses, enrollmentRenewals, membershipEnrollments, type MembershipEnrollmentRow } from '#db/schema/index.ts';

export const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * `fromMs` plus `months` calendar months, in epoch ms, computed by SQLite in the statement that moves the
 * row (so a move stays one statement); the milliseconds of the start are kept.
 */
export const addMonthsSql = (fromMs: SQL | number, months: SQL | typeof membershipEnrollments.durationMonths) =>
  sql`(unixepoch(${fromMs} / 1000, 'unixepoch', '+' || ${months} || ' months') * 1000 + (${fromMs} % 1000))`;

/** SET pieces that start the period now when the row becomes active by this statement (`becomesActive` is its condition). */
export const periodStartingNow = (becomesActive: SQL, at: Date) => ({
  startsAt: sql`case when ${becomesActive} then ${at.getTime()} else ${membershipEnrollments.startsAt} end`,
  endsAt: sql`case when ${becomesActive} then ${addMonthsSql(at.getTime(), membershipEnrollments.durationMonths)} else ${membershipEnrollments.endsAt} end`,
});

/** The release token a move writes: `release:` when it left before active (the coupon use goes back), `keep:` otherwise. */
const tokenValue = (token: string) =>
  sql`case when ${membershipEnrollments.status} in (${list(REFUNDED_ON_CANCEL_FROM)}) then ${`release:${token}`} else ${`keep:${token}`} end`;

/** Coupon uses of the enrolments a move stamped with `release:<token>`, and of their unpaid renewals. */
export const releaseStamped = (db: Db, token: string) =>
  db
    .update(couponUses)
    .set({ status: 'released', updatedAt: new Date() })
    .where(
      and(
        eq(couponUses.purchaseType, 'membership'),
        ne(couponUses.status, 'released'),
        sql`${couponUses.purchaseId} in (select ${membershipEnrollments.id} from ${membershipEnrollments} where ${membershipEnrollments.releaseToken} = ${`release:${token}`})`,
      ),
    );

/**
 * One enrolment cancelled from one of `from` (one conditional UPDATE … RETURNING), its coupon use given back
 * in the same batch when it never became active. `where` narrows the move (the payment state seen).
 */
export function cancelStatements(
  db: Db,
  opts: {
    id: string;
    from: readonly MembershipEnrollmentStatus[];
    at: Date;
    set: Partial<MembershipEnrollmentRow>;
    where?: SQL | undefined;
  },
) {
  const token = newId();
  const move = db
    .update(membershipEnrollments)
    .set({
      status: 'cancelled',
      cancelledAt: opts.at,
      paymentDueAt: null,
      ...opts.set,
      releaseToken: tokenValue(token),
      updatedAt: opts.at,
    })
    .where(and(eq(membershipEnrollments.id, opts.id), inArray(membershipEnrollments.status, [...opts.from]), opts.where))
    .returning();
  return [move, releaseStamped(db, token)] as const;
}

/** Every unpaid enrolment past its due date cancelled at once (at most `limit`), coupon uses back. */
export function cancelUnpaidStatements(db: Db, at: Date, reason: string, limit: number) {
  const token = newId();
  const due = sql`select ${membershipEnrollments.id} from ${membershipEnrollments} where ${membershipEnrollments.paymentStatus} = 'pending' and ${membershipEnrollments.paymentDueAt} <= ${at.getTime()} and ${membershipEnrollments.status} in (${list(REFUNDED_ON_CANCEL_FROM)}) limit ${limit}`;
  const move = db
    .update(membershipEnrollments)
    .set({ status: 'cancelled', cancelReason: reason, cancelledAt: at, paymentDueAt: null, releaseToken: tokenValue(token), updatedAt: at })
    .where(sql`${membershipEnrollments.id} in (${due})`)
    .returning({ id: membershipEnrollments.id, userId: membershipEnrollments.userId });
  return [move, releaseStamped(db, token)] as const;
}

/** Every unpaid membership renewal past its due date cancelled (at most `limit`), coupon uses back. */
export function cancelUnpaidRenewalStatements(db: Db, at: Date, limit: number) {
  const token = `release:${newId()}`;
  const due = sql`select ${enrollmentRenewals.id} from ${enrollmentRenewals} where ${enrollmentRenewals.status} = 'pending_payment' and ${enrollmentRenewals.kind} = 'membership' and ${enrollmentRenewals.paymentDueAt} <= ${at.getTime()} limit ${limit}`;
  return [
    db
      .update(enrollmentRenewals)
      .set({ status: 'cancelled', releaseToken: token, updatedAt: at })
      .where(sql`${enrollmentRenewals.id} in (${due})`)
      .returning({ id: enrollmentRenewals.id }),
    db
      .update(couponUses)
      .set({ status: 'released', updatedAt: at })
      .where(
        and(
          eq(couponUses.purchaseType, 'membership_renewal'),
          ne(couponUses.status, 'released'),
          sql`${couponUses.purchaseId} in (select ${enrollmentRenewals.id} from ${enrollmentRenewals} where ${enrollmentRenewals.releaseToken} = ${token})`,
        ),
      ),
  ] as const;
}

/**
 * `INSERT … SELECT <values> WHERE <condition> RETURNING id`: the check and the write as one statement, so
 * a row is written only while the condition holds (answers no row otherwise).
 */
export function insertWhere<T extends SQLiteTable>(db: Db, table: T, values: T['$inferInsert'], condition: SQL) {
  const columns = getTableColumns(table) as Record<string, (typeof membershipEnrollments)['id']>;
  const entries = Object.entries(values as Record<string, unknown>).filter(([, v]) => v !== undefined);
  const names = sql.join(
    entries.map(([k]) => sql.identifier(columns[k]!.name)),
    sql`, `,
  );
  const params = sql.join(
    entries.map(([k, v]) => sql.param(v, columns[k])),
    sql`, `,
  );
  return db.all<{ id: string }>(sql`insert into ${table} (${names}) select ${params} where ${condition} returning ${sql.identifier('id')}`);
}
