import { sql } from 'drizzle-orm';
import { calendarDay } from '#core/time-zone.ts';
import { newId } from '#core/ids.ts';
import { ImportRowSchema, LEDGER_MESSAGES as M, type ImportRow } from '#core/progression/ledger-input.ts';
import { attendanceCredits, programs, ranks, studentRanks, users, type RankRow } from '#db/schema/index.ts';
import { badRequest, type FieldError } from '#worker/lib/errors.ts';
import { gradeFollowsStatement } from '#worker/lib/progression/award.ts';
import { schoolTimeZoneQuery, zoneOf } from '#worker/lib/school-time-zone.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';

const inList = (values: readonly string[]) => sql`(select value from json_each(${JSON.stringify(values)}))`;
const IMPORT_REASON = 'Imported rank history';

/** A rank named by position (a number or digits), by name (any case) or by gradeKey. */
function findRank(ladder: readonly RankRow[], rank: string | number): RankRow | undefined {
  if (typeof rank === 'number' || /^\d+$/.test(rank)) return ladder.find((r) => r.position === Number(rank));
  const want = rank.toLowerCase();
  return ladder.find((r) => r.name.toLowerCase() === want) ?? ladder.find((r) => r.gradeKey === rank);
}

/**
 * POST /api/ranks/import — rank history, all or nothing: every row is checked (one read batch) and every
 * bad row named (`rows.3.rank`); with none, one batch writes the awards (source import), their credits
 * (held at the imported rank) and the profiles' grades.
 */
export async function importRanks(ctx: ServiceCtx, rawRows: readonly unknown[]) {
  const caller = signedIn(ctx);
  const errors: FieldError[] = [];
  const rows: (ImportRow | null)[] = rawRows.map((raw, i) => {
    const r = ImportRowSchema.safeParse(raw);
    if (r.success) return r.data;
    for (const issue of r.error.issues) errors.push({ path: ['rows', i, ...issue.path].join('.'), message: issue.message });
    return null;
  });
  const ok = rows.filter((r): r is ImportRow => !!r);
  const studentIds = [...new Set(ok.flatMap((r) => (r.studentId ? [r.studentId] : [])))];
  const emails = [...new Set(ok.flatMap((r) => (r.email ? [r.email.toLowerCase()] : [])))];
  const programKeys = [...new Set(ok.map((r) => r.program))];
  const [zoneRows, people, programRows, ladder] = await batch(ctx.db, [
    schoolTimeZoneQuery(ctx.db),
    ctx.db
      .select({ id: users.id, studentId: users.studentId, email: users.email })
      .from(users)
      .where(sql`${users.studentId} in ${inList(studentIds)} or lower(${users.email}) in ${inList(emails)}`),
    ctx.db
      .select()
      .from(programs)
      .where(sql`${programs.slug} in ${inList(programKeys)} or ${programs.id} in ${inList(programKeys)}`),
    ctx.db
      .select()
      .from(ranks)
      .where(sql`${ranks.programId} in (select id from programs where slug in ${inList(programKeys)} or id in ${inList(programKeys)})`),
  ]);
  const today = calendarDay(new Date(), zoneOf(zoneRows));
  const awards: (typeof studentRanks.$inferInsert)[] = [];
  const credits: (typeof attendanceCredits.$inferInsert)[] = [];
  rows.forEach((row, i) => {
    if (!row) return;
    const fail = (field: string, message: string) => errors.push({ path: `rows.${i}.${field}`, message });
    const user = row.studentId
      ? people.find((p) => p.studentId === row.studentId)
      : people.find((p) => p.email.toLowerCase() === row.email!.toLowerCase());
    const program = programRows.find((p) => p.slug === row.program || p.id === row.program);
    const rank = program
      ? findRank(
          ladder.filter((r) => r.programId === program.id),
          row.rank,
        )
      : undefined;
    if (!user) fail(row.studentId ? 'studentId' : 'email', M.studentNotFound);
    if (!program) fail('program', M.programNotFound);
    else if (!rank) fail('rank', M.rankNotFound);
    if (rank && (row.stripes ?? 0) > rank.stripeMax) fail('stripes', M.stripesOver(rank.stripeMax));
    if (row.awardedOn > today) fail('awardedOn', M.future);
    if (!user || !program || !rank) return;
    const base = { userId: user.id, programId: program.id, rankId: rank.id };
    awards.push({
      id: newId(),
      ...base,
      stripes: row.stripes ?? 0,
      awardedOn: row.awardedOn,
      source: 'import',
      awardedBy: caller.id,
      note: row.note ?? null,
    });
    if (row.credits) credits.push({ id: newId(), ...base, count: row.credits, reason: row.note ?? IMPORT_REASON, createdBy: caller.id });
  });
  if (errors.length) {
    const bad = new Set(errors.map((e) => e.path.split('.')[1])).size;
    throw badRequest(`Nothing was imported: ${bad} of ${rawRows.length} rows have errors`, errors);
  }
  const holders = [...new Map(awards.map((a) => [`${a.userId} ${a.programId}`, a])).values()];
  await batch(ctx.db, [
    ctx.db.insert(studentRanks).values(awards),
    ...(credits.length ? [ctx.db.insert(attendanceCredits).values(credits)] : []),
    ...holders.map((a) => gradeFollowsStatement(ctx.db, a.userId, a.programId)),
  ]);
  return { imported: awards.length, credits: credits.reduce((n, c) => n + c.count, 0) };
}
