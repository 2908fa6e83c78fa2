import { eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { membershipEnrollments, users, type MembershipEnrollmentRow } from '#db/schema/index.ts';
import { mustExist, mustSee } from '#worker/lib/enrolment/moves.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { ownerColumns, type EnrollmentOwner } from '#worker/lib/enrollment-views.ts';
import { serializeMembershipEnrollment } from './membership-purchases.serialize.ts';

/** The enrolment and its owner, in one read. */
export async function loadEnrollment(db: Db, id: string): Promise<{ row: MembershipEnrollmentRow; owner: EnrollmentOwner } | null> {
  const found = await db
    .select({ row: membershipEnrollments, owner: ownerColumns })
    .from(membershipEnrollments)
    .innerJoin(users, eq(users.id, membershipEnrollments.userId))
    .where(eq(membershipEnrollments.id, id))
    .get();
  return found ?? null;
}

/** The owner's (or their guardian's) or (unless `ownerOnly`: renew, pay) for the school anyone's enrolment; 404 for another user's, as for a missing one. */
export async function visibleEnrollment(ctx: ServiceCtx, id: string, ownerOnly = false) {
  const found = await loadEnrollment(ctx.db, id);
  await mustSee(ctx, found?.row.userId, ownerOnly);
  return found!;
}

export async function enrollmentView(db: Db, id: string) {
  const { row, owner } = mustExist(await loadEnrollment(db, id));
  return serializeMembershipEnrollment(row, owner);
}
