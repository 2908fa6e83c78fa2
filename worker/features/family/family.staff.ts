import { and, eq, sql } from 'drizzle-orm';
import { FAMILY_LIMITS, FAMILY_MESSAGES } from '#core/family/family-options.ts';
import { FAMILY_TEXT, type ListFamiliesQueryInput } from '#core/family/family-schemas.ts';
import { ageOn } from '#core/progression/eligibility.ts';
import { offsetOf, pagination } from '#core/paging.ts';
import { profileName } from '#core/users/person-name.ts';
import { familyLinks, users } from '#db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '#worker/lib/errors.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { batch, containsPattern } from '#worker/lib/sql.ts';
import { familyClock } from './family.clock.ts';
import { userFamily } from './family.read.ts';
import { mayBeGuardian } from './family.rules.ts';

/**
 * POST /api/users/:id/family/links (admin-capable): `:id` becomes a guardian of `childId`. The link is
 * inserted only while the guardian has room (one conditional INSERT … SELECT); an existing link is 409.
 */
export async function linkChild(ctx: ServiceCtx, guardianId: string, input: { childId: string; relationship?: string | null | undefined }) {
  const caller = signedIn(ctx);
  if (guardianId === input.childId) throw badRequest(FAMILY_TEXT.selfLink);
  const [guardian, child, existing] = await batch(ctx.db, [
    ctx.db.select({ role: users.role }).from(users).where(eq(users.id, guardianId)),
    ctx.db.select({ role: users.role }).from(users).where(eq(users.id, input.childId)),
    ctx.db
      .select({ id: familyLinks.childId })
      .from(familyLinks)
      .where(and(eq(familyLinks.guardianId, guardianId), eq(familyLinks.childId, input.childId))),
  ]);
  if (!guardian[0]) throw notFound('User not found');
  if (!child[0]) throw notFound(FAMILY_MESSAGES.childNotFound);
  if (!mayBeGuardian(guardian[0].role)) throw forbidden(FAMILY_MESSAGES.notGuardian);
  if (child[0].role !== 'student') throw badRequest(FAMILY_TEXT.notAChild);
  if (existing[0]) throw conflict(FAMILY_MESSAGES.alreadyGuardian);
  const [, made] = await batch(ctx.db, [
    ctx.db.run(sql`insert into ${familyLinks} (guardian_id, child_id, relationship, created_by)
      select ${guardianId}, ${input.childId}, ${input.relationship || 'Guardian'}, ${caller.id}
      where (select count(*) from ${familyLinks} where guardian_id = ${guardianId}) < ${FAMILY_LIMITS.maxChildren}
      on conflict do nothing`),
    ctx.db
      .select({ createdBy: familyLinks.createdBy })
      .from(familyLinks)
      .where(and(eq(familyLinks.guardianId, guardianId), eq(familyLinks.childId, input.childId))),
  ]);
  if (!made[0]) throw conflict(FAMILY_TEXT.tooManyChildren);
  return userFamily(ctx, guardianId);
}

/** DELETE /api/users/:id/family/links/:childId (admin-capable). */
export async function unlinkChild(ctx: ServiceCtx, guardianId: string, childId: string) {
  signedIn(ctx);
  const gone = await ctx.db
    .delete(familyLinks)
    .where(and(eq(familyLinks.guardianId, guardianId), eq(familyLinks.childId, childId)))
    .returning({ id: familyLinks.childId });
  if (!gone.length) throw notFound(FAMILY_TEXT.linkNotFound);
  return userFamily(ctx, guardianId);
}

type FamilyRow = { guardianIds: string; childIds: string; total: number };
type Person = { id: string; email: string; profile: Record<string, unknown> | null; studentId: string | null };

/**
 * GET /api/admin/families (admin-capable): a family is the children who share the same guardians, with
 * those guardians; newest first, paged in SQL. `search` matches any member's name, e-mail or student id.
 */
export async function listFamilies(ctx: ServiceCtx, q: ListFamiliesQueryInput) {
  const pattern = q.search ? containsPattern(q.search) : null;
  const matches = sql`exists (select 1 from ${users} u where (u.id = f.child_id or instr(',' || f.guardian_ids || ',', ',' || u.id || ',') > 0)
    and (u.email like ${pattern} escape '\\' or u.student_id like ${pattern} escape '\\'
      or (coalesce(json_extract(u.profile, '$.firstName'), '') || ' ' || coalesce(json_extract(u.profile, '$.lastName'), '')) like ${pattern} escape '\\'))`;
  const rows = await ctx.db.all<FamilyRow>(sql`with f as (
      select child_id, group_concat(guardian_id) as guardian_ids, max(created_at) as linked_at
      from (select child_id, guardian_id, created_at from ${familyLinks} order by child_id, guardian_id)
      group by child_id)
    select f.guardian_ids as guardianIds, group_concat(f.child_id) as childIds, count(*) over () as total
    from f ${pattern ? sql`where ${matches}` : sql``}
    group by f.guardian_ids
    order by max(f.linked_at) desc, f.guardian_ids
    limit ${q.limit} offset ${offsetOf(q.page, q.limit)}`);
  const ids = [...new Set(rows.flatMap((r) => [...r.guardianIds.split(','), ...r.childIds.split(',')]))];
  const people = new Map<string, Person>();
  if (ids.length) {
    const found = await ctx.db.all<{ id: string; email: string; profile: string | null; studentId: string | null }>(
      sql`select id, email, profile, student_id as studentId from ${users} where id in (select value from json_each(${JSON.stringify(ids)}))`,
    );
    for (const p of found) people.set(p.id, { ...p, profile: p.profile ? (JSON.parse(p.profile) as Record<string, unknown>) : null });
  }
  const clock = await familyClock(ctx.db);
  const name = (p: Person | undefined) => (p ? profileName(p.profile as never, p.studentId ?? p.email) : '');
  const data = rows.map((r) => ({
    guardians: r.guardianIds.split(',').map((id) => {
      const p = people.get(id);
      return { _id: id, name: name(p), email: p?.email ?? null };
    }),
    children: r.childIds.split(',').map((id) => {
      const p = people.get(id);
      const birth = typeof p?.profile?.dateOfBirth === 'string' ? p.profile.dateOfBirth : null;
      return { _id: id, name: name(p), studentId: p?.studentId ?? null, age: birth ? ageOn(birth, clock.now, clock.zone) : null };
    }),
  }));
  return { data, pagination: pagination(q.page, q.limit, rows[0]?.total ?? 0) };
}
