import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { gradesOpenTo, readsEveryGrade, seesInactiveSyllabus } from '#core/syllabus/readers.ts';
import { isGrade, normalizeGrade } from '#core/syllabus/grades.ts';
import { SYLLABUS_MESSAGES as M } from '#core/syllabus/syllabus-messages.ts';
import { normalizeCategory, type MySyllabusQuery, type SyllabusListQuery } from '#core/syllabus/syllabus-query.ts';
import type { Db } from '#db/client.ts';
import { syllabusItems as s, users } from '#db/schema/index.ts';
import { notFound } from '#worker/lib/errors.ts';
import { listPage } from '#worker/lib/list.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { likeAny } from '#worker/lib/sql.ts';
import { serializeAll, serializeSyllabus, type SyllabusView } from './syllabus.serialize.ts';

/** A grade's syllabus is short; one query without paging answers my-syllabus, capped for safety. */
const MY_SYLLABUS_MAX = 500;
const IN_GRADE_ORDER = [asc(s.gradeRank), asc(s.category), asc(s.title), asc(s.id)];

function whereOf(q: Pick<SyllabusListQuery, 'grade' | 'category' | 'search' | 'isActive'>): SQL | undefined {
  const grade = q.grade ? normalizeGrade(q.grade) : undefined;
  const category = normalizeCategory(q.category);
  return and(
    grade ? eq(s.grade, grade) : undefined,
    category ? eq(s.category, category) : undefined,
    q.isActive ? eq(s.isActive, q.isActive === 'true') : undefined,
    q.search ? likeAny(q.search, [s.title, s.description]) : undefined,
  );
}

/** The caller's grade as kept on their profile (set by admins), in the list's spelling; '' when none. */
const gradeOfUser = (db: Db, userId: string) =>
  db
    .select({ grade: sql<unknown>`json_extract(${users.profile}, '$.grade')` })
    .from(users)
    .where(eq(users.id, userId));

/** GET /api/syllabus (admin-capable): everything, newest first, filtered and paged. */
export async function listSyllabus(ctx: ServiceCtx, query: SyllabusListQuery) {
  const { rows, pagination } = await listPage(ctx.db, {
    table: s,
    where: whereOf(query),
    orderBy: [desc(s.createdAt), desc(s.id)],
    page: query.page,
    limit: query.limit,
  });
  return { items: await serializeAll(ctx, rows), pagination };
}

/** GET /api/syllabus/admin/all (admin-capable): in grade order, with the page grouped by grade. */
export async function listSyllabusByGrade(ctx: ServiceCtx, query: SyllabusListQuery) {
  const { rows, pagination } = await listPage(ctx.db, {
    table: s,
    where: whereOf(query),
    orderBy: IN_GRADE_ORDER,
    page: query.page,
    limit: query.limit,
  });
  const items = await serializeAll(ctx, rows);
  const byGrade = new Map<string, SyllabusView[]>();
  for (const item of items) byGrade.set(item.grade, [...(byGrade.get(item.grade) ?? []), item]);
  const grouped = [...byGrade.entries()].map(([grade, list]) => ({ grade, count: list.length, items: list }));
  return { items, grouped, pagination };
}

/** GET /api/syllabus/:id: admins see any item, instructors any active one; everybody else only an active item of their own grade (else 404). */
export async function getSyllabusItem(ctx: ServiceCtx, id: string) {
  const user = signedIn(ctx);
  if (readsEveryGrade(user.role)) {
    const row = await ctx.db.select().from(s).where(eq(s.id, id)).get();
    if (!row || (!row.isActive && !seesInactiveSyllabus(user.role))) throw notFound(M.notFound);
    return serializeSyllabus(ctx, row);
  }
  const [rows, grades] = await ctx.db.batch([ctx.db.select().from(s).where(eq(s.id, id)), gradeOfUser(ctx.db, user.id)]);
  const row = rows[0];
  const own = normalizeGrade(grades[0]?.grade);
  const open: readonly string[] = gradesOpenTo(isGrade(own) ? own : null);
  if (!row || !row.isActive || !open.includes(row.grade)) throw notFound(M.notFound);
  return serializeSyllabus(ctx, row);
}

export type MySyllabus = { items: SyllabusView[]; grade: string | null; message?: string };

/**
 * GET /api/syllabus/student/my-syllabus: the caller's own grade only. Asking for another grade gives an
 * empty list (not an error); no grade on the profile gives an empty list and a message. Admins get
 * whatever grade they ask for (all grades when they ask for none); instructors too, active items only.
 */
export async function mySyllabus(ctx: ServiceCtx, query: MySyllabusQuery): Promise<MySyllabus> {
  const user = signedIn(ctx);
  const category = normalizeCategory(query.category);
  const asked = query.grade ? normalizeGrade(query.grade) : undefined;
  const select = (where: SQL | undefined) =>
    ctx.db
      .select()
      .from(s)
      .where(where)
      .orderBy(...IN_GRADE_ORDER)
      .limit(MY_SYLLABUS_MAX);
  if (readsEveryGrade(user.role)) {
    const rows = await select(
      and(
        asked ? eq(s.grade, asked) : undefined,
        category ? eq(s.category, category) : undefined,
        seesInactiveSyllabus(user.role) ? undefined : eq(s.isActive, true),
      ),
    );
    return { items: await serializeAll(ctx, rows), grade: asked ?? null };
  }
  const own = normalizeGrade((await gradeOfUser(ctx.db, user.id).get())?.grade);
  if (!own) return { items: [], grade: null, message: M.noGrade };
  if (asked && asked !== own) return { items: [], grade: own, message: M.otherGrade };
  const rows = await select(and(eq(s.grade, own), eq(s.isActive, true), category ? eq(s.category, category) : undefined));
  return { items: await serializeAll(ctx, rows), grade: own };
}
