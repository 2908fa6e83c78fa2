import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { EnquiryStatus } from '#core/enquiries/enquiry-options.ts';
import { ENQUIRY_MESSAGES } from '#core/enquiries/enquiry-schemas.ts';
import type { ListEnquiriesQueryInput } from '#core/enquiries/enquiry-query.ts';
import type { Db } from '#db/client.ts';
import { enquiries } from '#db/schema/index.ts';
import { notFound } from '#worker/lib/errors.ts';
import { listPage } from '#worker/lib/list.ts';
import { likeAny } from '#worker/lib/sql.ts';
import { serializeEnquiry } from './enquiries.serialize.ts';

type Ctx = { db: Db };

const NEWEST_FIRST = [desc(enquiries.createdAt), desc(enquiries.id)];

const searchCondition = (term: string) => likeAny(term, [enquiries.name, enquiries.email, enquiries.subject, enquiries.message]);

/** GET /api/enquiries: filters, one count and one page in a single batch, newest first. */
export async function listEnquiries(ctx: Ctx, query: ListEnquiriesQueryInput) {
  const where = and(
    eq(enquiries.isSpam, query.spam),
    query.status ? eq(enquiries.status, query.status) : undefined,
    query.search ? searchCondition(query.search) : undefined,
  );
  const { rows, pagination } = await listPage(ctx.db, {
    table: enquiries,
    where,
    orderBy: NEWEST_FIRST,
    page: query.page,
    limit: query.limit,
  });
  return { enquiries: rows.map(serializeEnquiry), pagination };
}

const STATUSES_OF = {
  recent: undefined,
  new: ['New'],
  unresolved: ['New', 'Contacted'],
} as const satisfies Record<string, readonly EnquiryStatus[] | undefined>;

/** The spec's named lists (recent, new, unresolved), newest first, spam left out. */
export async function namedList(ctx: Ctx, list: keyof typeof STATUSES_OF, limit: number) {
  const statuses = STATUSES_OF[list];
  const rows = await ctx.db
    .select()
    .from(enquiries)
    .where(and(eq(enquiries.isSpam, false), statuses ? inArray(enquiries.status, [...statuses]) : undefined))
    .orderBy(...NEWEST_FIRST)
    .limit(limit);
  return rows.map(serializeEnquiry);
}

export async function getEnquiry(ctx: Ctx, id: string) {
  const row = await ctx.db.select().from(enquiries).where(eq(enquiries.id, id)).get();
  if (!row) throw notFound(ENQUIRY_MESSAGES.notFound);
  return serializeEnquiry(row);
}

/** Start of the current UTC day and of the current ISO week (Monday, UTC). */
export function periodStarts(now: Date) {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sinceMonday = (now.getUTCDay() + 6) % 7;
  return { today: day, week: day - sinceMonday * 86_400_000 };
}

/** GET /api/enquiries/stats: every count in one statement. Spam is counted apart, never in the totals. */
export async function enquiryStats(ctx: Ctx, now: Date = new Date()) {
  const { today, week } = periodStarts(now);
  const real = sql`${enquiries.isSpam} = 0`;
  const since = (start: number) => sql`${real} and ${enquiries.createdAt} >= ${start} and ${enquiries.createdAt} <= ${now.getTime()}`;
  const n = (cond: SQL) => sql<number>`coalesce(sum(case when ${cond} then 1 else 0 end), 0)`.mapWith(Number);
  const row = await ctx.db
    .select({
      total: n(real),
      new: n(sql`${real} and ${enquiries.status} = 'New'`),
      contacted: n(sql`${real} and ${enquiries.status} = 'Contacted'`),
      resolved: n(sql`${real} and ${enquiries.status} = 'Resolved'`),
      today: n(since(today)),
      thisWeek: n(since(week)),
      spam: n(sql`${enquiries.isSpam} = 1`),
    })
    .from(enquiries)
    .get();
  const s = row ?? { total: 0, new: 0, contacted: 0, resolved: 0, today: 0, thisWeek: 0, spam: 0 };
  return {
    ...s,
    unresolved: s.new + s.contacted,
    byStatus: { New: s.new, Contacted: s.contacted, Resolved: s.resolved },
  };
}
