import type { CreateUserInput } from '#core/users/user-schemas.ts';
import { users, type NewUserRow } from '#db/schema/index.ts';
import { instructorRecordStatements } from '#worker/lib/instructor-record.ts';
import { hashPassword } from '#worker/lib/password.ts';
import { serializeUserForAdmin as serializeUser } from './users.serialize.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';
import { nextLoginIdSql } from '#worker/lib/user-sql.ts';
import { conflictFrom, uniqueViolationField } from './users.queries.ts';
import { assertCanGrant, assertCanSetAdminId } from './users.rules.ts';
import { newId } from '#core/ids.ts';

const GENERATE_ATTEMPTS = 5;

const withoutNulls = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));

/** POST /api/users: an admin creates an account; the role's login id is generated when not given. */
export async function createUser(ctx: ServiceCtx, input: CreateUserInput) {
  assertCanGrant(signedIn(ctx), input.role);
  assertCanSetAdminId(signedIn(ctx), input.adminId !== undefined);
  const values: NewUserRow = {
    id: newId(),
    email: input.email,
    passwordHash: await hashPassword(input.password),
    role: input.role,
    isActive: input.isActive ?? true,
    emailVerified: input.emailVerified ?? false,
    studentId: input.studentId ?? null,
    membershipId: input.membershipId ?? null,
    instructorId: input.instructorId ?? null,
    grandmasterId: input.grandmasterId ?? null,
    adminId: input.adminId ?? null,
    profile: withoutNulls(input.profile ?? {}),
  };
  const generated = nextLoginIdSql(input.role);
  const generate = generated && !values[generated.field];

  for (let attempt = 1; ; attempt++) {
    try {
      const write = ctx.db
        .insert(users)
        .values(generate ? { ...values, [generated.field]: generated.value } : values)
        .returning();
      // Spec 4: an instructor made here is appointed by the school, with an enrolment holding the role, in the same batch.
      const row =
        input.role === 'instructor'
          ? (
              await batch(ctx.db, [
                write,
                ...instructorRecordStatements(ctx.db, { userIds: [values.id!], at: new Date(), actorId: signedIn(ctx).id }),
              ])
            )[0][0]!
          : await write.get();
      return serializeUser(row);
    } catch (err) {
      if (generate && attempt < GENERATE_ATTEMPTS && uniqueViolationField(err) === generated.field) continue;
      throw conflictFrom(err) ?? err;
    }
  }
}
