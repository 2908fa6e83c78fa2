import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { profileName } from '#core/users/person-name.ts';
import type { Db } from '#db/client.ts';
import { familyLinks, guardianInvites, users, type GuardianInviteRow } from '#db/schema/index.ts';
import { notFound } from '#worker/lib/errors.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';
import { clockOf, familyClockQuery, type FamilyClock } from './family.clock.ts';
import { familyMember, memberColumns, membershipsOf, type FamilyMember } from './family.view.ts';

const INVITES_SHOWN = 20;

/** A guardian's children with their links (relationship), newest first. */
const childrenQuery = (db: Db, guardianId: string) =>
  db
    .select({ ...memberColumns, relationship: familyLinks.relationship })
    .from(familyLinks)
    .innerJoin(users, eq(users.id, familyLinks.childId))
    .where(eq(familyLinks.guardianId, guardianId))
    .orderBy(desc(familyLinks.createdAt));

/** A person's own guardians. */
const guardiansQuery = (db: Db, childId: string) =>
  db
    .select({ ...memberColumns, relationship: familyLinks.relationship })
    .from(familyLinks)
    .innerJoin(users, eq(users.id, familyLinks.guardianId))
    .where(eq(familyLinks.childId, childId))
    .orderBy(familyLinks.createdAt);

/** The other guardians of a guardian's children (each once); none when not `wanted`. */
const coGuardiansQuery = (db: Db, guardianId: string, wanted: boolean) =>
  db
    .selectDistinct({ ...memberColumns, relationship: familyLinks.relationship })
    .from(familyLinks)
    .innerJoin(users, eq(users.id, familyLinks.guardianId))
    .where(
      and(
        wanted ? undefined : sql`0`,
        ne(familyLinks.guardianId, guardianId),
        inArray(
          familyLinks.childId,
          db.select({ id: familyLinks.childId }).from(familyLinks).where(eq(familyLinks.guardianId, guardianId)),
        ),
      ),
    );

export type InviteView = ReturnType<typeof inviteView>;

export function inviteView(row: GuardianInviteRow, names: ReadonlyMap<string, string>, now = Date.now()) {
  const status = row.acceptedAt ? 'accepted' : row.revokedAt ? 'revoked' : row.expiresAt.getTime() <= now ? 'expired' : 'pending';
  return {
    _id: row.id,
    email: row.email,
    relationship: row.relationship,
    children: row.childIds.map((id) => ({ _id: id, name: names.get(id) ?? '' })),
    expiresAt: row.expiresAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    status: status as 'pending' | 'accepted' | 'expired' | 'revoked',
  };
}

const firstOfEach = <T extends { id: string }>(rows: readonly T[]) => [...new Map(rows.map((r) => [r.id, r])).values()];

/** The children and guardians of `userId`, each child with their membership; the guardians' private details only for staff. */
async function familyOf(db: Db, userId: string, clock: FamilyClock, staff: boolean, withCoGuardians: boolean) {
  const [kids, own, co] = await batch(db, [
    childrenQuery(db, userId),
    guardiansQuery(db, userId),
    coGuardiansQuery(db, userId, withCoGuardians),
  ]);
  const memberships = await membershipsOf(
    db,
    kids.map((k) => k.id),
  );
  const children = kids.map((k) =>
    familyMember(k, { relation: 'child', relationship: k.relationship }, clock, true, memberships.get(k.id) ?? null),
  );
  const guardians = firstOfEach([...own, ...co]).map((g) =>
    familyMember(g, { relation: 'guardian', relationship: g.relationship }, clock, staff),
  );
  return { children, guardians };
}

/** GET /api/family: me, my children (with everything), the guardians around us, the invitations I sent. */
export async function getFamily(ctx: ServiceCtx) {
  const caller = signedIn(ctx);
  const [clockRows, [me], invites] = await batch(ctx.db, [
    familyClockQuery(ctx.db),
    ctx.db.select(memberColumns).from(users).where(eq(users.id, caller.id)),
    ctx.db
      .select()
      .from(guardianInvites)
      .where(eq(guardianInvites.inviterId, caller.id))
      .orderBy(desc(guardianInvites.createdAt))
      .limit(INVITES_SHOWN),
  ]);
  if (!me) throw notFound('User not found');
  const clock = clockOf(clockRows);
  const { children, guardians } = await familyOf(ctx.db, caller.id, clock, false, true);
  const myMembership = await membershipsOf(ctx.db, [me.id]);
  const names = await childNames(
    ctx.db,
    invites.flatMap((i) => i.childIds),
  );
  return {
    me: familyMember(me, { relation: 'self', relationship: '' }, clock, true, myMembership.get(me.id) ?? null),
    children,
    guardians,
    invites: invites.map((i) => inviteView(i, names, clock.now)),
  };
}

/** Names of these people, in one statement. */
export async function childNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: users.id, profile: users.profile, studentId: users.studentId })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, profileName(r.profile, r.studentId ?? '')]));
}

/** GET /api/users/:id/family (staff): the person's children and guardians, everything shown. */
export async function userFamily(ctx: ServiceCtx, userId: string): Promise<{ children: FamilyMember[]; guardians: FamilyMember[] }> {
  signedIn(ctx);
  const [clockRows, [user]] = await batch(ctx.db, [
    familyClockQuery(ctx.db),
    ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId)),
  ]);
  if (!user) throw notFound('User not found');
  return familyOf(ctx.db, userId, clockOf(clockRows), true, false);
}

/** One child as a guardian (or staff) sees it. */
export async function childView(db: Db, childId: string, relationship: string, clock: FamilyClock) {
  const [row] = await db.select(memberColumns).from(users).where(eq(users.id, childId));
  if (!row) return null;
  const memberships = await membershipsOf(db, [childId]);
  return familyMember(row, { relation: 'child', relationship }, clock, true, memberships.get(childId) ?? null);
}
