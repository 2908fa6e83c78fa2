/** Shared by the family and acting-for tests (issue 26): a guardian's child, as POST /api/family/children makes it. */
import { newId } from '#core/ids.ts';
import { childAccountValues } from '#core/family/child-account.ts';
import { familyLinks, users, type UserRow } from '#db/schema/index.ts';
import { testDb, uniq } from '#test/helpers.ts';

/** Nine years old today unless told otherwise. */
export const childBirthDate = (years = 9) => {
  const d = new Date();
  return `${d.getUTCFullYear() - years}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-01`;
};

/**
 * A no-login child account (role student, canSignIn false, placeholder e-mail, unusable password) linked to
 * `guardianId`. Its student id is unique and outside the STU-0001 sequence, so parallel test files never collide.
 */
export async function insertChild(
  guardianId: string,
  {
    dateOfBirth = childBirthDate(),
    firstName = 'Kid',
    lastName = 'Test',
    relationship = 'Parent',
  }: { dateOfBirth?: string; firstName?: string; lastName?: string; relationship?: string } = {},
): Promise<UserRow> {
  const db = testDb();
  const id = newId();
  const [[row]] = await db.batch([
    db
      .insert(users)
      .values({ ...childAccountValues(id, { firstName, lastName, dateOfBirth }), studentId: `STU-T${uniq().toUpperCase()}` })
      .returning(),
    db.insert(familyLinks).values({ guardianId, childId: id, relationship, createdBy: guardianId }),
  ]);
  return row!;
}
