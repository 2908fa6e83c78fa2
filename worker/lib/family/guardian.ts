import { and, eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { familyLinks } from '#db/schema/index.ts';
import { forbidden, notFound } from '#worker/lib/errors.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { FAMILY_MESSAGES } from '#core/family/family-options.ts';

/** `guardianId` is a guardian of `childId` (a family link). */
export const isGuardianOf = async (db: Db, guardianId: string, childId: string) =>
  Boolean(
    await db
      .select({ one: familyLinks.childId })
      .from(familyLinks)
      .where(and(eq(familyLinks.guardianId, guardianId), eq(familyLinks.childId, childId)))
      .get(),
  );

/** The ids of a guardian's children, as a statement (or a subquery: `x in (…)`). */
export const childIdsQuery = (db: Db, guardianId: string) =>
  db.select({ id: familyLinks.childId }).from(familyLinks).where(eq(familyLinks.guardianId, guardianId));

/** The ids of a guardian's children. */
export const childIdsOf = async (db: Db, guardianId: string) => (await childIdsQuery(db, guardianId)).map((r) => r.id);

/** The ids of a child's guardians (whom notices about the child also reach). */
export const guardianIdsOf = async (db: Db, childId: string) =>
  (await db.select({ id: familyLinks.guardianId }).from(familyLinks).where(eq(familyLinks.childId, childId))).map((r) => r.id);

/**
 * Whom a call acts for (issue 26 §1): the caller when `forUserId` is absent, 'me' or their own id; one of
 * their children when they are its guardian. Anyone else: 404 when reading (never tell which ids exist), 403
 * when the id was put into something the caller does (a booking, an enrolment, a purchase for another family's child).
 */
export async function actingFor(
  ctx: Pick<ServiceCtx, 'db' | 'user'>,
  forUserId: string | null | undefined,
  denied: 'not_found' | 'forbidden' = 'not_found',
): Promise<{ userId: string; asGuardian: boolean }> {
  const caller = signedIn(ctx);
  if (!forUserId || forUserId === 'me' || forUserId === caller.id) return { userId: caller.id, asGuardian: false };
  if (await isGuardianOf(ctx.db, caller.id, forUserId)) return { userId: forUserId, asGuardian: true };
  throw denied === 'forbidden' ? forbidden(FAMILY_MESSAGES.notYourChild) : notFound(FAMILY_MESSAGES.childNotFound);
}
