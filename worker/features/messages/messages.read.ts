import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { FAMILY_MESSAGES } from '#core/family/family-options.ts';
import {
  MESSAGE_MESSAGES,
  type ConversationQueryInput,
  type ListMessagesQueryInput,
  type MyMessagesQueryInput,
} from '#core/messages/message-schemas.ts';
import { offsetOf, pagination } from '#core/paging.ts';
import { isAdminCapable, type Role } from '#core/roles.ts';
import { messages, users } from '#db/schema/index.ts';
import { forbidden, notFound } from '#worker/lib/errors.ts';
import { actingFor } from '#worker/lib/family/guardian.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { likeAny } from '#worker/lib/sql.ts';
import { addressedTo, findBySpecialId, isSchool, outer, unreadFor, visibleTo, type Viewer } from './messages.queries.ts';
import { selectMessages, serializeMessage } from './messages.serialize.ts';

const NEWEST_FIRST = [desc(messages.createdAt), desc(messages.id)];

/** One page of messages as `me` sees them, and their total, in one batch. */
async function page(ctx: ServiceCtx, me: Viewer, where: SQL, p: { page: number; limit: number }) {
  const [rows, [total]] = await ctx.db.batch([
    selectMessages(ctx.db, me, where)
      .orderBy(...NEWEST_FIRST)
      .limit(p.limit)
      .offset(offsetOf(p.page, p.limit)),
    ctx.db.select({ n: count() }).from(messages).where(where),
  ]);
  return { messages: rows.map(serializeMessage), pagination: pagination(p.page, p.limit, total?.n ?? 0) };
}

/** The caller's own thread: what they sent, what is addressed to them, and their conversation with the school. */
const ownThread = (me: Viewer) =>
  (isSchool(me) ? or(eq(messages.conversationUserId, me.id), eq(messages.senderId, me.id), addressedTo(me)) : visibleTo(me)) as SQL;

/** Whose thread a read shows: the caller's, or (`?for=`) their child's as the child sees it; reading marks nothing. */
async function readerOf(ctx: ServiceCtx, forUserId: string | undefined): Promise<Viewer> {
  const me = signedIn(ctx);
  const { userId, asGuardian } = await actingFor(ctx, forUserId);
  if (!asGuardian) return me;
  const child = await ctx.db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, userId)).get();
  if (!child) throw notFound(FAMILY_MESSAGES.childNotFound);
  // Always the child's own view, never the school's, whatever role the child's account holds.
  return { id: child.id, role: isAdminCapable(child.role) ? 'student' : (child.role as Role) };
}

/**
 * GET /conversation: page 1 holds the latest 50 (spec 9), listed oldest first so a chat reads down;
 * `pagination.hasMore` says older pages exist. The school names a user with targetSpecialId; anyone
 * else may only name themselves.
 */
export async function conversation(ctx: ServiceCtx, query: ConversationQueryInput) {
  const me = await readerOf(ctx, query.for);
  let where = ownThread(me);
  let participant: string = me.id;
  if (query.targetSpecialId) {
    const target = await findBySpecialId(ctx.db, query.targetSpecialId);
    if (!isSchool(me) && target?.id !== me.id) throw forbidden(MESSAGE_MESSAGES.notYourConversation);
    if (!target) throw notFound(MESSAGE_MESSAGES.userNotFound);
    if (target.id !== me.id) where = eq(messages.conversationUserId, target.id);
    participant = target.id;
  }
  const result = await page(ctx, me, where, query);
  return { ...result, messages: result.messages.reverse(), conversationId: participant };
}

/** GET /my-messages: the same thread, newest first. */
export async function myMessages(ctx: ServiceCtx, p: MyMessagesQueryInput) {
  const me = await readerOf(ctx, p.for);
  return page(ctx, me, ownThread(me), p);
}

/** GET /unread-count: counted, never stored, so it cannot drift below zero. */
export async function unreadCount(ctx: ServiceCtx) {
  const me = signedIn(ctx);
  const row = await ctx.db
    .select({ n: count() })
    .from(messages)
    .where(and(addressedTo(me), unreadFor(me)))
    .get();
  return row?.n ?? 0;
}

/** GET /:id: only a message the caller may see; anything else is 404, never 403 (no hint it exists). */
export async function getMessage(ctx: ServiceCtx, id: string) {
  const me = signedIn(ctx);
  const row = await selectMessages(ctx.db, me, and(eq(messages.id, id), visibleTo(me))).get();
  if (!row) throw notFound(MESSAGE_MESSAGES.notFound);
  return serializeMessage(row);
}

/** GET / (school): every message, newest first, by kind, priority and words in the content. */
export async function listMessages(ctx: ServiceCtx, query: ListMessagesQueryInput) {
  const me = signedIn(ctx);
  const where = and(
    visibleTo(me),
    query.kind ? eq(messages.kind, query.kind) : undefined,
    query.priority ? eq(messages.priority, query.priority) : undefined,
    query.search ? likeAny(query.search, [messages.content]) : undefined,
  ) as SQL;
  return page(ctx, me, where, query);
}

/** GET /stats (school): every count in one statement; `unread` is the school's inbox. */
export async function messageStats(ctx: ServiceCtx, now = new Date()) {
  const n = (cond: SQL) => sql<number>`coalesce(sum(case when ${cond} then 1 else 0 end), 0)`.mapWith(Number);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const row = await ctx.db
    .select({
      total: count(),
      direct: n(sql`${messages.kind} = 'direct'`),
      replies: n(sql`${messages.kind} = 'reply'`),
      broadcasts: n(sql`${messages.kind} = 'broadcast'`),
      unread: n(sql`${messages.kind} = 'direct' and not exists (select 1 from message_reads r where r.message_id = ${outer.id})`),
      today: n(sql`${messages.createdAt} >= ${today}`),
      conversations: sql<number>`count(distinct ${messages.conversationUserId})`.mapWith(Number),
      low: n(sql`${messages.priority} = 'low'`),
      normal: n(sql`${messages.priority} = 'normal'`),
      high: n(sql`${messages.priority} = 'high'`),
      urgent: n(sql`${messages.priority} = 'urgent'`),
    })
    .from(messages)
    .get();
  // An aggregate without GROUP BY always answers one row.
  const { low, normal, high, urgent, ...rest } = row!;
  return { ...rest, byPriority: { low, normal, high, urgent } };
}
