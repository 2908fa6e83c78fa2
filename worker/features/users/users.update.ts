import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteUpdateSetSource } from 'drizzle-orm/sqlite-core';
import { isAdminCapable } from '#core/roles.ts';
import { LOGIN_ID_FIELDS } from '#core/users/login-ids.ts';
import { USER_MESSAGES } from '#core/users/user-messages.ts';
import { SELF_EDITABLE_PROFILE_FIELDS, type UpdateUserInput } from '#core/users/user-schemas.ts';
import { users, type UserRow } from '#db/schema/index.ts';
import { conflict, forbidden, notFound } from '#worker/lib/errors.ts';
import { hashPassword } from '#worker/lib/password.ts';
import { serializeUser } from '#worker/lib/serialize-user.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { instructorRecordStatements } from '#worker/lib/instructor-record.ts';
import { bumpTokenVersion, nextLoginIdSql } from '#worker/lib/user-sql.ts';
import { SESSIONS_ENDED_BY_SCHOOL } from '#worker/lib/publish.ts';
import { conflictFrom, findUserRow, uniqueViolationField } from './users.queries.ts';
import { serializeUserForAdmin } from './users.serialize.ts';
import { assertCanGrant, assertCanManage, assertCanSetAdminId, assertNotSelf } from './users.rules.ts';

type UserSet = SQLiteUpdateSetSource<typeof users>;

const PERSONAL_FIELDS = ['profile', 'socialLinks', 'emergencyContact'];

const definedKeys = (o: object) =>
  Object.entries(o)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k);

/** RFC 7396 merge done by the database (json_patch); `replace` keys are swapped whole, not merged. */
function mergeJson(column: SQLiteColumn, patch: Record<string, unknown> | undefined, replace: string[] = []): SQL | undefined {
  if (!patch || !definedKeys(patch).length) return undefined;
  let base: SQL | SQLiteColumn = column;
  for (const key of replace) if (patch[key] != null) base = sql`json_remove(${base}, ${`$.${key}`})`;
  return sql`json_patch(${base}, ${JSON.stringify(patch)})`;
}

/** PATCH /api/users/:id. Admin-capable callers get the full set; anyone else only their own timezone/location. */
export async function updateUser(ctx: ServiceCtx, id: string, input: UpdateUserInput) {
  if (!isAdminCapable(signedIn(ctx).role)) return updateOwnLocation(ctx, id, input);
  const target = await findUserRow(ctx.db, id);
  if (!target) throw notFound(USER_MESSAGES.notFound);
  const set = await adminChanges(ctx, target, input);
  const generated = input.role && input.role !== target.role ? nextLoginIdSql(input.role) : undefined;
  const generate = generated && input[generated.field] === undefined && !target[generated.field];

  // Spec 4: the instructor role goes with an instructor enrolment holding it, written in the same batch.
  const touchesInstructor = input.role !== undefined && input.role !== target.role && [input.role, target.role].includes('instructor');
  for (let attempt = 1; ; attempt++) {
    try {
      const write = ctx.db
        .update(users)
        .set(generate ? { ...set, [generated.field]: generated.value } : set)
        .where(and(eq(users.id, id), eq(users.role, target.role)))
        .returning();
      const row = touchesInstructor
        ? (
            (await ctx.db.batch([
              write,
              ...instructorRecordStatements(ctx.db, {
                userIds: [id],
                at: new Date(),
                actorId: signedIn(ctx).id,
                previousRole: target.role,
              }),
            ])) as unknown as [UserRow[]]
          )[0][0]
        : await write.get();
      if (row) {
        if (set.tokenVersion) ctx.publish([id], SESSIONS_ENDED_BY_SCHOOL);
        return serializeUserForAdmin(row);
      }
      throw (await findUserRow(ctx.db, id)) ? conflict(USER_MESSAGES.changedMeanwhile) : notFound(USER_MESSAGES.notFound);
    } catch (err) {
      if (generate && attempt < 5 && uniqueViolationField(err) === generated.field) continue;
      throw conflictFrom(err) ?? err;
    }
  }
}

async function adminChanges(ctx: ServiceCtx, target: UserRow, input: UpdateUserInput): Promise<UserSet> {
  const actor = signedIn(ctx);
  const self = actor.id === target.id;
  const roleChange = input.role !== undefined && input.role !== target.role;
  if (roleChange) assertNotSelf(actor, target.id, 'role');
  if (input.isActive === false) assertNotSelf(actor, target.id, 'deactivate');
  if (input.password !== undefined && self) throw forbidden(USER_MESSAGES.selfPassword);
  // Saving one's own profile is not "managing an admin"; anything else on an admin needs a super-admin.
  if (!(self && definedKeys(input).every((k) => PERSONAL_FIELDS.includes(k)))) assertCanManage(actor, target);
  if (input.role !== undefined && roleChange) assertCanGrant(actor, input.role);
  assertCanSetAdminId(actor, input.adminId !== undefined && input.adminId !== target.adminId);

  const set: UserSet = { updatedAt: new Date() };
  if (input.email !== undefined) set.email = input.email;
  if (roleChange) set.role = input.role;
  if (input.emailVerified !== undefined) set.emailVerified = input.emailVerified;
  if (input.isActive !== undefined) set.isActive = input.isActive;
  if (input.isActive === true) Object.assign(set, { blockedAt: null, blockedReason: null, deactivatedAt: null });
  for (const field of LOGIN_ID_FIELDS) if (input[field] !== undefined) set[field] = input[field];
  if (input.password !== undefined) set.passwordHash = await hashPassword(input.password);
  const profile = mergeJson(users.profile, input.profile, ['location']);
  const socialLinks = mergeJson(users.socialLinks, input.socialLinks);
  const emergencyContact = mergeJson(users.emergencyContact, input.emergencyContact);
  if (profile) set.profile = profile;
  if (socialLinks) set.socialLinks = socialLinks;
  if (emergencyContact) set.emergencyContact = emergencyContact;
  // Existing tokens die with a role change, a deactivation or a new password.
  if (roleChange || input.isActive === false || input.password !== undefined) set.tokenVersion = bumpTokenVersion;
  return set;
}

/** Spec 7 "Profile save": a user stores their own detected timezone and location, nothing else. */
async function updateOwnLocation(ctx: ServiceCtx, id: string, input: UpdateUserInput) {
  if (id !== signedIn(ctx).id) throw forbidden(USER_MESSAGES.ownProfileOnly);
  const allowed = SELF_EDITABLE_PROFILE_FIELDS as readonly string[];
  const topLevel = definedKeys(input);
  if (topLevel.some((k) => k !== 'profile') || definedKeys(input.profile ?? {}).some((k) => !allowed.includes(k))) {
    throw forbidden(USER_MESSAGES.ownFieldsOnly);
  }
  const profile = mergeJson(users.profile, input.profile, ['location']);
  const row = profile
    ? await ctx.db.update(users).set({ profile, updatedAt: new Date() }).where(eq(users.id, id)).returning().get()
    : await findUserRow(ctx.db, id);
  if (!row) throw notFound(USER_MESSAGES.notFound);
  return serializeUser(row);
}
