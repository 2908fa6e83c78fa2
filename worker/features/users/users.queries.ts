import { eq } from 'drizzle-orm';
import type { LoginIdField } from '#core/users/login-ids.ts';
import { loginIdTakenMessage } from '#core/users/login-ids.ts';
import { USER_MESSAGES } from '#core/users/user-messages.ts';
import type { Db } from '#db/client.ts';
import { users, type UserRow } from '#db/schema/index.ts';
import { causes } from '#worker/lib/db-errors.ts';
import { AppError, conflict } from '#worker/lib/errors.ts';

export const findUserRow = (db: Db, id: string): Promise<UserRow | undefined> => db.select().from(users).where(eq(users.id, id)).get();

const COLUMN_FIELD: Record<string, LoginIdField | 'email'> = {
  email: 'email',
  student_id: 'studentId',
  membership_id: 'membershipId',
  instructor_id: 'instructorId',
  grandmaster_id: 'grandmasterId',
  admin_id: 'adminId',
};

/** The users field behind a UNIQUE failure ("UNIQUE constraint failed: users.student_id"), if any. */
export function uniqueViolationField(err: unknown): LoginIdField | 'email' | undefined {
  for (const e of causes(err)) {
    const m = String((e as Error)?.message ?? '').match(/UNIQUE constraint failed: users\.(\w+)/);
    if (m?.[1]) return COLUMN_FIELD[m[1]];
  }
  return undefined;
}

const isForeignKeyViolation = (err: unknown) =>
  causes(err).some((e) => /FOREIGN KEY constraint failed/i.test(String((e as Error)?.message ?? '')));

/** Maps the database's uniqueness / reference failures to the 409 the admin screen can show. */
export function conflictFrom(err: unknown): AppError | undefined {
  const field = uniqueViolationField(err);
  if (field === 'email') return conflict(USER_MESSAGES.emailTaken);
  if (field) return conflict(loginIdTakenMessage(field));
  if (isForeignKeyViolation(err)) return conflict(USER_MESSAGES.hasRecords);
  return undefined;
}
