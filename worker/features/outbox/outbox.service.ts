import { count, desc, eq } from 'drizzle-orm';
import { offsetOf, pagination } from '#core/paging.ts';
import type { Db } from '#db/client.ts';
import { emailOutbox } from '#db/schema/index.ts';
import { notFound } from '#worker/lib/errors.ts';

type OutboxRow = typeof emailOutbox.$inferSelect;

export type OutboxViewer = { role: string; email: string };

/**
 * Link secrets (reset, verification) would let a reader take over the account they were sent to. They
 * show only where the outbox is the mailbox (no provider delivered them) and only to a super-admin or to
 * the addressee, so an admin or grandmaster cannot reset a super-admin's password from here.
 */
const redactSecrets = (row: OutboxRow, viewer: OutboxViewer) =>
  row.provider === 'outbox' && (viewer.role === 'super-admin' || viewer.email === row.to)
    ? row.text
    : row.text.replace(/([?&]token=)[^&\s]+/g, '$1[redacted]');

export function serializeOutboxMessage(row: OutboxRow, viewer: OutboxViewer) {
  return {
    _id: row.id,
    to: row.to,
    subject: row.subject,
    text: redactSecrets(row, viewer),
    kind: row.kind,
    status: row.status,
    provider: row.provider,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
  };
}

export type OutboxQuery = { page: number; limit: number; to?: string | undefined };

export async function listOutbox(ctx: { db: Db }, input: OutboxQuery, viewer: OutboxViewer) {
  const { db } = ctx;
  const where = input.to ? eq(emailOutbox.to, input.to) : undefined;
  const [rows, totals] = await db.batch([
    db
      .select()
      .from(emailOutbox)
      .where(where)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(input.limit)
      .offset(offsetOf(input.page, input.limit)),
    db.select({ total: count() }).from(emailOutbox).where(where),
  ]);
  const total = totals[0]?.total ?? 0;
  return { data: rows.map((row) => serializeOutboxMessage(row, viewer)), pagination: pagination(input.page, input.limit, total) };
}

export async function getOutboxMessage(ctx: { db: Db }, id: string, viewer: OutboxViewer) {
  const row = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).get();
  if (!row) throw notFound('Email not found');
  return serializeOutboxMessage(row, viewer);
}
