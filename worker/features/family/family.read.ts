import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { familyLinks, guardianInvites, users, type GuardianInviteRow } from '#db/schema/index.ts';
import { notFound } from '#worker/lib/errors.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { childIdsQuery } from '#worker/lib/family/guardian.ts';
import { batch } from '#worker/lib/sql.ts';
import { clockOf, familyClockQuery, type FamilyClock } from './family.clock.ts';
import { familyMember, memberColumns, membershipMap, membershipsQuery, nameMap, namesQuery, type FamilyMember } from './family.view.ts';

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
      and(wanted ? undefined : sql`0`, ne(familyLinks.guardianId, guardianId), inArray(familyLinks.childId, childIdsQuery(db, guardianId))),
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

/** The statements of `userId`'s family for a batch: children, own guardians, co-guardians and the live memberships of the children (and of `alsoMembershipOf`). */
const familyStatements = (db: Db, userId: string, withCoGuardians: boolean, alsoMembershipOf: readonly string[] = []) =>
  [
    childrenQuery(db, userId),
    guardiansQuery(db, userId),
    coGuardiansQuery(db, userId, withCoGuardians),
    membershipsQuery(db, childIdsQuery(db, userId), alsoMembershipOf),
  ] as const;

type FamilyRows = Awaited<ReturnType<typeof batch<ReturnType<typeof familyStatements>>>>;

/** The children and guardians from `familyStatements`' rows, each child with their membership; the guardians' private details only for staff. */
function familyFrom([kids, own, co, membershipRows]: FamilyRows, clock: FamilyClock, staff: boolean) {
  const memberships = membershipMap(membershipRows);
  const children = kids.map((k) =>
    familyMember(k, { relation: 'child', relationship: k.relationship }, clock, true, memberships.get(k.id) ?? null),
  );
  const guardians = firstOfEach([...own, ...co]).map((g) =>
    familyMember(g, { relation: 'guardian', relationship: g.relationship }, clock, staff),
  );
  return { children, guardians, memberships };
}

/** GET /api/family: me, my children (with everything), the guardians around us, the invitations I sent. */
export async function getFamily(ctx: ServiceCtx) {
  const caller = signedIn(ctx);
  // One round trip: the invitations' children are named through json_each, whoever they are now.
  const invitedIds = sql`(select value from ${guardianInvites}, json_each(${guardianInvites.childIds}) where ${guardianInvites.inviterId} = ${caller.id})`;
  const [clockRows, [me], invites, names, ...family] = await batch(ctx.db, [
    familyClockQuery(ctx.db),
    ctx.db.select(memberColumns).from(users).where(eq(users.id, caller.id)),
    ctx.db
      .select()
      .from(guardianInvites)
      .where(eq(guardianInvites.inviterId, caller.id))
      .orderBy(desc(guardianInvites.createdAt))
      .limit(INVITES_SHOWN),
    namesQuery(ctx.db, invitedIds),
    ...familyStatements(ctx.db, caller.id, true, [caller.id]),
  ]);
  if (!me) throw notFound('User not found');
  const clock = clockOf(clockRows);
  const { children, guardians, memberships } = familyFrom(family, clock, false);
  return {
    me: familyMember(me, { relation: 'self', relationship: '' }, clock, true, memberships.get(me.id) ?? null),
    children,
    guardians,
    invites: invites.map((i) => inviteView(i, nameMap(names), clock.now)),
  };
}

/** Names of these people, in one statement. */
export async function childNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  return nameMap(await namesQuery(db, [...new Set(ids)]));
}

/** GET /api/users/:id/family (staff): the person's children and guardians, everything shown. */
export async function userFamily(ctx: ServiceCtx, userId: string): Promise<{ children: FamilyMember[]; guardians: FamilyMember[] }> {
  signedIn(ctx);
  const [clockRows, [user], ...family] = await batch(ctx.db, [
    familyClockQuery(ctx.db),
    ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId)),
    ...familyStatements(ctx.db, userId, false),
  ]);
  if (!user) throw notFound('User not found');
  const { children, guardians } = familyFrom(family, clockOf(clockRows), true);
  return { children, guardians };
}

/** One child as a guardian (or staff) sees it. */
export async function childView(db: Db, childId: string, relationship: string, clock: FamilyClock) {
  const [[row], memberships] = await batch(db, [
    db.select(memberColumns).from(users).where(eq(users.id, childId)),
    membershipsQuery(db, [childId]),
  ]);
  if (!row) return null;
  return familyMember(row, { relation: 'child', relationship }, clock, true, membershipMap(memberships).get(childId) ?? null);
}
