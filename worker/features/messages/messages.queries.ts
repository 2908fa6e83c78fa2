import { and, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { ADMIN_CAPABLE, isAdminCapable, type Role } from '#core/roles.ts';
import type { Db } from '#db/client.ts';
import { messageReads, messages, users } from '#db/schema/index.ts';

/** Who is looking: the rules differ for the school (admin-capable roles) and everyone else. */
export type Viewer = { id: string; role: Role };
export const isSchool = (v: Viewer) => isAdminCapable(v.role);

const sentByOther = (v: Viewer) => or(isNull(messages.senderId), ne(messages.senderId, v.id)) as SQL;

/** A broadcast reaches a user when it names their role (or all) and they had joined when it was sent. */
export const broadcastFor = (v: Viewer) =>
  and(
    eq(messages.kind, 'broadcast'),
    sql`exists (select 1 from json_each(${messages.targetRoles}) where value in ('all', ${v.role}))`,
    sql`${messages.createdAt} >= (select ${users.createdAt} from ${users} where ${users.id} = ${v.id})`,
    sentByOther(v),
  ) as SQL;

/** Messages waiting for this viewer to read them: replies to them, broadcasts to them, and for the school every user's message. */
export const addressedTo = (v: Viewer) =>
  or(
    and(eq(messages.kind, 'reply'), eq(messages.recipientId, v.id)),
    isSchool(v) ? and(eq(messages.kind, 'direct'), sentByOther(v)) : undefined,
    broadcastFor(v),
  ) as SQL;

/** The school sees every message; anyone else their own conversation and the broadcasts that reached them. */
export const visibleTo = (v: Viewer): SQL =>
  isSchool(v) ? sql`1 = 1` : (or(eq(messages.conversationUserId, v.id), broadcastFor(v)) as SQL);

/** The outer message, qualified by hand: Drizzle writes a one-table select's columns bare, ambiguous inside a subquery. */
export const outer = { id: sql.raw('"messages"."id"'), kind: sql.raw('"messages"."kind"') };

/**
 * Read rows that count for this viewer: a broadcast is read per recipient; a direct message once the
 * school (any admin) read it, a reply once its recipient did — the same answer for both sides.
 */
const readsFor = (v: Viewer) =>
  sql`from ${messageReads} where ${messageReads.messageId} = ${outer.id} and (${outer.kind} <> 'broadcast' or ${messageReads.userId} = ${v.id})`;

export const readAtFor = (v: Viewer) => sql<number | null>`(select min(${messageReads.readAt}) ${readsFor(v)})`;
export const unreadFor = (v: Viewer) => sql`not exists (select 1 ${readsFor(v)})`;

/** Every identifier a user can be named by (spec 3); the account id stands for primaryId, so everyone has one. */
export const specialIdOf = sql<string>`coalesce(${users.studentId}, ${users.membershipId}, ${users.instructorId}, ${users.grandmasterId}, ${users.adminId}, ${users.id})`;

/** The user behind a targetSpecialId: an identifier (case-insensitive, as they are stored upper-case) or the account id. */
export async function findBySpecialId(db: Db, value: string) {
  const upper = value.toUpperCase();
  return db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(
      or(
        eq(users.id, value),
        eq(users.studentId, upper),
        eq(users.membershipId, upper),
        eq(users.instructorId, upper),
        eq(users.grandmasterId, upper),
        eq(users.adminId, upper),
      ),
    )
    .limit(1)
    .get();
}

const reachable = and(eq(users.isActive, true), isNull(users.deactivatedAt));

/** The school's people who should hear of a message: active admin-capable accounts. */
export async function schoolUserIds(db: Db, except?: string) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.role, [...ADMIN_CAPABLE]), reachable, except ? ne(users.id, except) : undefined));
  return rows.map((r) => r.id);
}

/** The recipients of a broadcast, in the one query its fan-out needs; the same rule as broadcastFor. */
export const broadcastRecipients = (db: Db, roles: readonly string[], senderId: string, at: Date) =>
  db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(
      and(
        reachable,
        ne(users.id, senderId),
        sql`${users.createdAt} <= ${at.getTime()}`,
        roles.includes('all') ? undefined : inArray(users.role, [...roles]),
      ),
    );
