/** Shared by the family and acting-for tests (issue 26): a guardian's child, as POST /api/family/children makes it. */
import { newId } from '#core/ids.ts';
import { childAccountValues } from '#core/family/child-account.ts';
import { familyLinks, users, type UserRow } from '#db/schema/index.ts';
import { testDb, uniq } from '#test/helpers.ts';

/**
 * A birth date `years` ago, 15 days before today's date: the person is `years` old in every time zone,
 * whatever the month. A 29 February that year would not exist, so the 28th stands in.
 */
export const childBirthDate = (years = 9) => {
  const d = new Date(Date.now() - 15 * 24 * 60 * 60 * 1000);
  const md = `${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
  return `${d.getUTCFullYear() - years}-${md === '02-29' ? '02-28' : md}`;
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
