import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { MessageUsersQueryInput } from '#core/messages/message-schemas.ts';
import { offsetOf, pagination } from '#core/paging.ts';
import { users } from '#db/schema/index.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { likeAny } from '#worker/lib/sql.ts';
import { specialIdOf } from './messages.queries.ts';

// Qualified by hand: Drizzle writes a one-table select's columns bare, and a bare "id" here would mean m.id.
const userId = sql.raw('"users"."id"');
const unreadFromUser = sql<number>`(select count(*) from messages m where m.conversation_user_id = ${userId} and m.kind = 'direct'
  and not exists (select 1 from message_reads r where r.message_id = m.id))`.mapWith(Number);
const lastMessageAt = sql<number | null>`(select max(m.created_at) from messages m where m.conversation_user_id = ${userId})`;
/** The latest message of the conversation, previewed like a socket event (100 characters), for the inbox list. */
const lastMessage = sql<
  string | null
>`(select json_object('_id', m.id, 'content', substr(m.content, 1, 100), 'kind', m.kind, 'senderId', m.sender_id)
  from messages m where m.conversation_user_id = ${userId} order by m.created_at desc, m.id desc limit 1)`;

/**
 * GET /users (school): the people one can message, each with their identifier (spec 3; the account id
 * stands for primaryId, so no role is left out), how many of their messages the school has not read,
 * and when they last talked; those with a conversation first, latest on top.
 */
export async function messageUsers(ctx: ServiceCtx, query: MessageUsersQueryInput) {
  const where = and(
    query.role ? eq(users.role, query.role) : undefined,
    query.search
      ? likeAny(query.search, [
          users.email,
          specialIdOf,
          sql`json_extract(${users.profile}, '$.firstName')`,
          sql`json_extract(${users.profile}, '$.lastName')`,
        ])
      : undefined,
  ) as SQL | undefined;
  const [rows, [total]] = await ctx.db.batch([
    ctx.db
      .select({
        id: users.id,
        email: users.email,
        role: users.role,
        isActive: users.isActive,
        profile: users.profile,
        studentId: users.studentId,
        membershipId: users.membershipId,
        instructorId: users.instructorId,
        grandmasterId: users.grandmasterId,
        adminId: users.adminId,
        specialId: specialIdOf,
        unreadCount: unreadFromUser,
        lastMessageAt,
        lastMessage,
      })
      .from(users)
      .where(where)
      .orderBy(sql`${lastMessageAt} desc nulls last`, desc(users.createdAt), desc(users.id))
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    ctx.db.select({ n: count() }).from(users).where(where),
  ]);
  const data = rows.map(({ id, profile, lastMessageAt: last, lastMessage: latest, ...rest }) => ({
    _id: id,
    ...rest,
    primaryId: id,
    profile: { firstName: profile?.firstName ?? '', lastName: profile?.lastName ?? '' },
    lastMessageAt: last === null ? null : new Date(last).toISOString(),
    lastMessage: latest ? (JSON.parse(latest) as { _id: string; content: string; kind: string; senderId: string | null }) : null,
  }));
  return { users: data, pagination: pagination(query.page, query.limit, total?.n ?? 0) };
}
