import { and, eq, sql } from 'drizzle-orm';
import { childAccountValues } from '#core/family/child-account.ts';
import { FAMILY_LIMITS, FAMILY_MESSAGES } from '#core/family/family-options.ts';
import { FAMILY_TEXT, type AddChildInput, type UpdateChildInput } from '#core/family/family-schemas.ts';
import { newId } from '#core/ids.ts';
import { familyLinks, users } from '#db/schema/index.ts';
import { isUniqueViolation } from '#worker/lib/db-errors.ts';
import { newEmailTokenStatements } from '#worker/lib/email-tokens.ts';
import { badRequest, conflict, notFound } from '#worker/lib/errors.ts';
import { isStaffRole } from '#worker/lib/progression/student-access.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';
import { bumpTokenVersion, nextLoginIdSql } from '#worker/lib/user-sql.ts';
import { familyClock } from './family.clock.ts';
import { sendChildLoginMail } from './family.notify.ts';
import { childView } from './family.read.ts';
import { assertGuardianRole, checkChildBirth } from './family.rules.ts';

const GENERATE_ATTEMPTS = 5;
const DEFAULT_RELATIONSHIP = 'Guardian';

const cleanContact = (c: Record<string, string | null | undefined> | undefined) =>
  Object.fromEntries(Object.entries(c ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));

/**
 * POST /api/family/children: the child's account and its link in one batch. The account is inserted only
 * while the guardian has fewer than the most children allowed (one conditional INSERT … SELECT), so
 * parallel adds never pass the limit; the link follows only the account that was made.
 */
export async function addChild(ctx: ServiceCtx, input: AddChildInput) {
  const caller = signedIn(ctx);
  assertGuardianRole(caller);
  const clock = await familyClock(ctx.db);
  checkChildBirth(input.dateOfBirth, clock);
  const studentId = nextLoginIdSql('student')!.value;
  const relationship = input.relationship || DEFAULT_RELATIONSHIP;
  for (let attempt = 1; ; attempt++) {
    const id = newId();
    const v = childAccountValues(id, input);
    try {
      const [, , made] = await batch(ctx.db, [
        ctx.db
          .run(sql`insert into ${users} (id, email, password_hash, role, can_sign_in, email_verified, student_id, profile, emergency_contact, medical_notes)
          select ${id}, ${v.email}, ${v.passwordHash}, ${v.role}, 0, 0, ${studentId}, json(${JSON.stringify(v.profile)}),
            json(${JSON.stringify(cleanContact(input.emergencyContact))}), ${input.medicalNotes ?? ''}
          where (select count(*) from ${familyLinks} where ${familyLinks.guardianId} = ${caller.id}) < ${FAMILY_LIMITS.maxChildren}`),
        ctx.db.run(sql`insert into ${familyLinks} (guardian_id, child_id, relationship, created_by)
          select ${caller.id}, ${users.id}, ${relationship}, ${caller.id} from ${users} where ${users.id} = ${id}`),
        ctx.db.select({ id: users.id }).from(users).where(eq(users.id, id)),
      ]);
      if (!made.length) throw conflict(FAMILY_TEXT.tooManyChildren);
      return (await childView(ctx.db, id, relationship, clock))!;
    } catch (err) {
      if (attempt < GENERATE_ATTEMPTS && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}

/** The guardian's link to the child, or staff; anyone else 404 (never tell which ids exist). */
async function manageableChild(ctx: ServiceCtx, childId: string) {
  const caller = signedIn(ctx);
  const [link, child] = await batch(ctx.db, [
    ctx.db
      .select({ relationship: familyLinks.relationship })
      .from(familyLinks)
      .where(and(eq(familyLinks.guardianId, caller.id), eq(familyLinks.childId, childId))),
    ctx.db.select({ id: users.id, canSignIn: users.canSignIn }).from(users).where(eq(users.id, childId)),
  ]);
  const staff = isStaffRole(caller.role);
  if (!child[0] || (!link[0] && !(staff && (await isAChild(ctx, childId))))) throw notFound(FAMILY_MESSAGES.childNotFound);
  return { caller, child: child[0], relationship: link[0]?.relationship ?? null };
}

/** Someone's child: staff manage only accounts that have a guardian through these calls. */
const isAChild = async (ctx: ServiceCtx, childId: string) =>
  Boolean(await ctx.db.select({ id: familyLinks.childId }).from(familyLinks).where(eq(familyLinks.childId, childId)).get());

/** PATCH /api/family/children/:id (guardian or staff): the fields sent; the relationship is the caller's own link's. */
export async function updateChild(ctx: ServiceCtx, childId: string, input: UpdateChildInput) {
  const { caller, relationship } = await manageableChild(ctx, childId);
  const clock = await familyClock(ctx.db);
  if (input.dateOfBirth !== undefined) checkChildBirth(input.dateOfBirth, clock);
  const profilePatch: Record<string, string | null> = {};
  for (const key of ['firstName', 'lastName', 'dateOfBirth', 'grade'] as const)
    if (input[key] !== undefined) profilePatch[key] = input[key] || null;
  const set: Record<string, unknown> = {};
  // json_patch (RFC 7396): a null removes the key, so a cleared grade leaves the profile.
  if (Object.keys(profilePatch).length) set.profile = sql`json_patch(${users.profile}, json(${JSON.stringify(profilePatch)}))`;
  if (input.emergencyContact !== undefined) set.emergencyContact = cleanContact(input.emergencyContact);
  if (input.medicalNotes !== undefined) set.medicalNotes = input.medicalNotes;
  const newRelationship = input.relationship && relationship !== null ? input.relationship : null;
  if (!Object.keys(set).length && !newRelationship && input.relationship === undefined) throw badRequest(FAMILY_TEXT.nothingToUpdate);
  await batch(ctx.db, [
    ...(Object.keys(set).length
      ? [
          ctx.db
            .update(users)
            .set({ ...set, updatedAt: new Date() })
            .where(eq(users.id, childId)),
        ]
      : []),
    ...(newRelationship
      ? [
          ctx.db
            .update(familyLinks)
            .set({ relationship: newRelationship })
            .where(and(eq(familyLinks.guardianId, caller.id), eq(familyLinks.childId, childId))),
        ]
      : []),
  ]);
  return (await childView(ctx.db, childId, newRelationship ?? relationship ?? DEFAULT_RELATIONSHIP, clock))!;
}

/**
 * POST /api/family/children/:id/login (guardian or staff): the child's own e-mail, sign-in allowed, and the
 * set-password link of the password-reset flow (worker/lib/email-tokens.ts) in the same batch. Until the
 * child chooses a password, the unusable hash keeps the account closed.
 */
export async function giveChildLogin(ctx: ServiceCtx, childId: string, email: string) {
  const { child, relationship } = await manageableChild(ctx, childId);
  if (child.canSignIn) throw conflict(FAMILY_TEXT.alreadyHasLogin);
  const { secret, statements } = await newEmailTokenStatements(ctx.db, childId, 'reset-password');
  let updated: { id: string; email: string; profile: Record<string, unknown> }[];
  try {
    [updated] = await batch(ctx.db, [
      ctx.db
        .update(users)
        .set({ email, canSignIn: true, emailVerified: false, tokenVersion: bumpTokenVersion, updatedAt: new Date() })
        .where(and(eq(users.id, childId), eq(users.canSignIn, false)))
        .returning({ id: users.id, email: users.email, profile: users.profile }),
      ...statements,
    ]);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(FAMILY_TEXT.emailTaken);
    throw err;
  }
  if (!updated[0]) throw conflict(FAMILY_TEXT.alreadyHasLogin);
  sendChildLoginMail(ctx, updated[0], secret);
  return (await childView(ctx.db, childId, relationship ?? DEFAULT_RELATIONSHIP, await familyClock(ctx.db)))!;
}
