import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { FAMILY_LIMITS, FAMILY_MESSAGES, GUARDIAN_INVITE_DAYS } from '#core/family/family-options.ts';
import { FAMILY_TEXT, type InviteInput } from '#core/family/family-schemas.ts';
import { newId, newSecret } from '#core/ids.ts';
import { familyLinks, guardianInvites, users } from '#db/schema/index.ts';
import { sha256Hex } from '#worker/lib/digest.ts';
import { badRequest, conflict, forbidden, notFound } from '#worker/lib/errors.ts';
import { childIdsOf } from '#worker/lib/family/guardian.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';
import { familyClock } from './family.clock.ts';
import { sendGuardianInviteMail } from './family.notify.ts';
import { childNames, inviteView } from './family.read.ts';
import { familyMember, memberColumns, membershipMap, membershipsQuery } from './family.view.ts';
import { assertGuardianRole } from './family.rules.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** POST /api/family/invites: a second guardian for my children (all, or those named); the e-mail carries the token, the row its SHA-256. */
export async function createInvite(ctx: ServiceCtx, input: InviteInput) {
  const caller = signedIn(ctx);
  const mine = await childIdsOf(ctx.db, caller.id);
  const childIds = input.childIds ? [...new Set(input.childIds)] : mine;
  if (childIds.some((id) => !mine.includes(id))) throw notFound(FAMILY_MESSAGES.childNotFound);
  if (!childIds.length) throw badRequest(FAMILY_TEXT.childIdsInvalid, [{ path: 'childIds', message: FAMILY_TEXT.childIdsInvalid }]);
  const me = (await ctx.db
    .select({ id: users.id, email: users.email, profile: users.profile })
    .from(users)
    .where(eq(users.id, caller.id))
    .get())!;
  if (input.email === me.email) throw badRequest(FAMILY_TEXT.selfLink);
  const token = newSecret();
  const now = Date.now();
  const row = await ctx.db
    .insert(guardianInvites)
    .values({
      id: newId(now),
      inviterId: caller.id,
      email: input.email,
      childIds,
      relationship: input.relationship || 'Guardian',
      tokenHash: await sha256Hex(token),
      expiresAt: new Date(now + GUARDIAN_INVITE_DAYS * DAY_MS),
    })
    .returning()
    .get();
  const names = await childNames(ctx.db, childIds);
  sendGuardianInviteMail(ctx, input.email, me, [...names.values()], token, GUARDIAN_INVITE_DAYS);
  return inviteView(row, names, now);
}

/** DELETE /api/family/invites/:id (the inviter): a pending invitation stops working; revoking twice answers the same. */
export async function revokeInvite(ctx: ServiceCtx, id: string) {
  const caller = signedIn(ctx);
  const mine = and(eq(guardianInvites.id, id), eq(guardianInvites.inviterId, caller.id));
  const [, [row]] = await batch(ctx.db, [
    ctx.db
      .update(guardianInvites)
      .set({ revokedAt: new Date() })
      .where(and(mine, isNull(guardianInvites.acceptedAt), isNull(guardianInvites.revokedAt))),
    ctx.db.select().from(guardianInvites).where(mine),
  ]);
  if (!row) throw notFound(FAMILY_MESSAGES.inviteNotFound);
  if (row.acceptedAt) throw conflict(FAMILY_TEXT.inviteUsed);
  return inviteView(row, await childNames(ctx.db, row.childIds));
}

/**
 * POST /api/family/invites/accept: the signed-in person whose e-mail the invitation names becomes a guardian
 * of its children that the inviter still guards. One batch: the invitation is claimed by a conditional UPDATE
 * and the links are inserted only for the claimer, so two accepts (or a revoke racing) link at most once.
 */
export async function acceptInvite(ctx: ServiceCtx, token: string) {
  const caller = signedIn(ctx);
  const tokenHash = await sha256Hex(token);
  const now = new Date();
  const [invite, [me]] = await batch(ctx.db, [
    ctx.db.select().from(guardianInvites).where(eq(guardianInvites.tokenHash, tokenHash)),
    ctx.db.select({ email: users.email, role: users.role }).from(users).where(eq(users.id, caller.id)),
  ]);
  const row = invite[0];
  const acceptedByMe = row?.acceptedBy === caller.id;
  if (!row || !me || (!acceptedByMe && (row.acceptedAt || row.revokedAt || row.expiresAt <= now)))
    throw notFound(FAMILY_MESSAGES.inviteNotFound);
  if (row.email !== me.email.toLowerCase()) throw forbidden(FAMILY_MESSAGES.inviteWrongEmail);
  if (!acceptedByMe) {
    assertGuardianRole(me);
    if (row.childIds.includes(caller.id)) throw forbidden(FAMILY_TEXT.selfLink);
    const have = await ctx.db.$count(familyLinks, eq(familyLinks.guardianId, caller.id));
    if (have + row.childIds.length > FAMILY_LIMITS.maxChildren) throw conflict(FAMILY_TEXT.tooManyChildren);
    const claimed = and(eq(guardianInvites.id, row.id), eq(guardianInvites.acceptedBy, caller.id), eq(guardianInvites.acceptedAt, now));
    await batch(ctx.db, [
      ctx.db
        .update(guardianInvites)
        .set({ acceptedAt: now, acceptedBy: caller.id })
        .where(
          and(
            eq(guardianInvites.id, row.id),
            isNull(guardianInvites.acceptedAt),
            isNull(guardianInvites.revokedAt),
            gt(guardianInvites.expiresAt, now),
          ),
        ),
      ctx.db.run(sql`insert into ${familyLinks} (guardian_id, child_id, relationship, created_by)
        select ${caller.id}, l.child_id, ${row.relationship}, ${row.inviterId}
        from ${familyLinks} l
        where l.guardian_id = ${row.inviterId}
          and l.child_id in (select value from json_each(${JSON.stringify(row.childIds)}))
          and exists (select 1 from ${guardianInvites} where ${claimed})
        on conflict do nothing`),
    ]);
    const after = await ctx.db.select({ by: guardianInvites.acceptedBy }).from(guardianInvites).where(eq(guardianInvites.id, row.id)).get();
    if (after?.by !== caller.id) throw notFound(FAMILY_MESSAGES.inviteNotFound);
  }
  return { children: await myChildren(ctx, caller.id, row.childIds) };
}

async function myChildren(ctx: ServiceCtx, guardianId: string, ids: readonly string[]) {
  const clock = await familyClock(ctx.db);
  const [rows, membershipRows] = await batch(ctx.db, [
    ctx.db
      .select({ ...memberColumns, relationship: familyLinks.relationship })
      .from(familyLinks)
      .innerJoin(users, eq(users.id, familyLinks.childId))
      .where(and(eq(familyLinks.guardianId, guardianId), inArray(familyLinks.childId, [...ids]))),
    membershipsQuery(ctx.db, [...ids]),
  ]);
  const memberships = membershipMap(membershipRows);
  return rows.map((r) => familyMember(r, { relation: 'child', relationship: r.relationship }, clock, true, memberships.get(r.id) ?? null));
}
