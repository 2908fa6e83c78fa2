import { eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { membershipEnrollments, users, type MembershipEnrollmentRow } from '#db/schema/index.ts';
import { mustExist, mustSee } from '#worker/lib/enrolment/moves.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { ownerColumns, type EnrollmentOwner } from '#worker/lib/enrollment-views.ts';
import { schoolTimeZoneQuery, zoneOf } from '#worker/lib/school-time-zone.ts';
import { serializeMembershipEnrollment, type MembershipContext } from './membership-purchases.serialize.ts';
import { pendingAutopaySql } from '#worker/lib/enrolment/renewals.ts';

type Loaded = { row: MembershipEnrollmentRow; owner: EnrollmentOwner } & MembershipContext;

/** Whether the enrolment's automatic renewal is being charged, as a column of a select over it. */
export const chargingColumn = sql<number>`${pendingAutopaySql(membershipEnrollments.id)}`;

/** The enrolment, its owner and the school's zone (its days are counted on the school's calendar), in one round trip. */
export async function loadEnrollment(db: Db, id: string): Promise<Loaded | null> {
  const [found, zoneRows] = await db.batch([
    db
      .select({ row: membershipEnrollments, owner: ownerColumns, charging: chargingColumn })
      .from(membershipEnrollments)
      .innerJoin(users, eq(users.id, membershipEnrollments.userId))
      .where(eq(membershipEnrollments.id, id)),
    schoolTimeZoneQuery(db),
  ]);
  return found[0] ? { ...found[0], charging: !!found[0].charging, zone: zoneOf(zoneRows) } : null;
}

/** The owner's (or their guardian's) or (unless `ownerOnly`: renew, pay) for the school anyone's enrolment; 404 for another user's, as for a missing one. */
export async function visibleEnrollment(ctx: ServiceCtx, id: string, ownerOnly = false) {
  const found = await loadEnrollment(ctx.db, id);
  await mustSee(ctx, found?.row.userId, ownerOnly);
  return found!;
}

export async function enrollmentView(db: Db, id: string) {
  const { row, owner, zone, charging } = mustExist(await loadEnrollment(db, id));
  return serializeMembershipEnrollment(row, owner, { zone, charging });
}
