/** Helpers for the instructor applications API tests (`/api/instructors`). */
import { eq } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import type { Role } from '#core/roles.ts';
import { instructorEnrollments, type InstructorEnrollmentRow } from '#db/schema/index.ts';
import { FILES, file, formOf } from '#test/file-helpers.ts';
import { api, createUser, testDb, tokenFor, getUserRow, type TestUser } from '#test/helpers.ts';

/** The application form's text fields; override any, or drop one with `undefined`. */
export const applicationFields = (overrides: Record<string, string | string[] | undefined> = {}) => {
  const fields: Record<string, string | string[] | undefined> = {
    instructorType: 'assistant',
    grade: 'Black belt, 2nd dan',
    experienceYears: '6',
    specialties: 'Kata, Kumite',
    bio: 'Teaching children and adults since 2019.',
    availability: 'Weekday evenings',
    phone: '+1 604 555 0100',
    notes: 'Happy to help with gradings',
    ...overrides,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<string, string | string[]>;
};

/** POST /api/instructors as multipart, with real PDF/PNG bytes unless other files are given. */
export const apply = (token: string, fields = applicationFields(), files: [string, File][] = []) =>
  api('/api/instructors', { method: 'POST', token, raw: formOf(fields, files) });

export const pdf = (name = 'certificate.pdf', size?: number) => file(FILES.pdf(size), name, 'application/pdf');
export const png = (name = 'belt.png') => file(FILES.png(), name, 'image/png');

/** A user whose token follows their current tokenVersion (after a role change, the old token is stale). */
export async function freshToken(id: string) {
  const row = (await getUserRow(id))!;
  return tokenFor({ id, role: row.role, tokenVersion: row.tokenVersion });
}

export const admin = () => createUser({ role: 'admin' });
export const student = () => createUser({ role: 'student' });

/** An application written straight to the database (for list and move tests that need many). */
export async function insertApplication(
  user: Pick<TestUser, 'id'> & { role: Role },
  overrides: Partial<typeof instructorEnrollments.$inferInsert> = {},
): Promise<InstructorEnrollmentRow> {
  return testDb()
    .insert(instructorEnrollments)
    .values({
      id: newId(),
      userId: user.id,
      previousRole: user.role,
      instructorType: 'instructor',
      grade: 'Brown belt',
      bio: 'A test applicant',
      ...overrides,
    })
    .returning()
    .get();
}

export const enrollmentRow = (id: string) => testDb().select().from(instructorEnrollments).where(eq(instructorEnrollments.id, id)).get();

/** An admin call of a move (`approve`, `reject`, `suspend`, `reactivate`, `complete`) with its JSON body. */
export const decide = (token: string, id: string, verb: string, body: Record<string, unknown> = {}) =>
  api(`/api/instructors/${id}/${verb}`, { method: 'POST', token, body });

/** A student who applied and was approved: answers the user, the enrolment id and a fresh token of theirs. */
export async function approvedInstructor(adminToken: string) {
  const s = await student();
  const applied = await apply(s.token);
  const id = applied.body.data.enrollment._id as string;
  const approved = await decide(adminToken, id, 'approve');
  if (approved.status !== 200) throw new Error(`approve failed: ${JSON.stringify(approved.body)}`);
  return { user: s, id, token: await freshToken(s.id), approved };
}
