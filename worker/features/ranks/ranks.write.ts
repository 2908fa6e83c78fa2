import { eq, sql } from 'drizzle-orm';
import { calendarDay } from '#core/time-zone.ts';
import { newId } from '#core/ids.ts';
import { LEDGER_MESSAGES as M } from '#core/progression/ledger-input.ts';
import { studentRanks, type RankRow } from '#db/schema/index.ts';
import { badRequest, conflict, notFound } from '#worker/lib/errors.ts';
import { awardStatements, gradeFollowsStatement } from '#worker/lib/progression/award.ts';
import { currentAwardSql } from '#worker/lib/progression/current-rank.ts';
import { studentOf } from '#worker/lib/progression/student-access.ts';
import { schoolTimeZoneQuery, zoneOf } from '#worker/lib/school-time-zone.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';
import { awardViewQuery, programQuery, rankQuery, userExistsQuery } from './ranks.queries.ts';
import { serializeAward } from './ranks.serialize.ts';

type AwardInput = { rankId: string; stripes?: number | undefined; awardedOn?: string | undefined; note: string };

/** The rank must be of the program, its stripes within its maximum, its day not after today on the school's clock. */
function checkAward(rank: RankRow | undefined, programId: string, input: AwardInput, today: string, prefix = ''): string {
  if (!rank || rank.programId !== programId) throw badRequest(M.rankOfProgram, [{ path: `${prefix}rankId`, message: M.rankOfProgram }]);
  if ((input.stripes ?? 0) > rank.stripeMax) {
    const message = M.stripesOver(rank.stripeMax);
    throw badRequest(message, [{ path: `${prefix}stripes`, message }]);
  }
  const day = input.awardedOn ?? today;
  if (day > today) throw badRequest(M.future, [{ path: `${prefix}awardedOn`, message: M.future }]);
  return day;
}

/** POST /api/students/:id/ranks — a manual promotion (or any award of the program's ladder) with a note; the grade follows. */
export async function promote(ctx: ServiceCtx, id: string, input: AwardInput & { program: string }) {
  const caller = signedIn(ctx);
  const { userId } = await studentOf(ctx, id);
  const [zoneRows, [program], [rank], user] = await batch(ctx.db, [
    schoolTimeZoneQuery(ctx.db),
    programQuery(ctx.db, input.program),
    rankQuery(ctx.db, input.rankId),
    userExistsQuery(ctx.db, userId),
  ]);
  if (!program) throw notFound(M.programNotFound);
  if (!user.length) throw notFound(M.studentNotFound);
  const awardedOn = checkAward(rank, program.id, input, calendarDay(new Date(), zoneOf(zoneRows)));
  const awardId = newId();
  const [, , rows] = await batch(ctx.db, [
    ...awardStatements(ctx.db, {
      id: awardId,
      userId,
      programId: program.id,
      rankId: input.rankId,
      stripes: input.stripes ?? 0,
      awardedOn,
      source: 'manual',
      awardedBy: caller.id,
      note: input.note,
    }),
    awardViewQuery(ctx.db, sql`sr.id = ${awardId}`),
  ]);
  return serializeAward(rows[0]!);
}

/** POST /api/students/:id/stripes — one more stripe on the current rank: a new row, one conditional statement. */
export async function addStripe(ctx: ServiceCtx, id: string, input: { program: string; note: string }) {
  const caller = signedIn(ctx);
  const { userId } = await studentOf(ctx, id);
  const [zoneRows, [program], user] = await batch(ctx.db, [
    schoolTimeZoneQuery(ctx.db),
    programQuery(ctx.db, input.program),
    userExistsQuery(ctx.db, userId),
  ]);
  if (!program) throw notFound(M.programNotFound);
  if (!user.length) throw notFound(M.studentNotFound);
  const today = calendarDay(new Date(), zoneOf(zoneRows));
  const awardId = newId();
  const [, rows, current] = await batch(ctx.db, [
    ctx.db.run(sql`insert into student_ranks (id, user_id, program_id, rank_id, stripes, awarded_on, source, awarded_by, note)
      select ${awardId}, cur.user_id, cur.program_id, cur.rank_id, cur.stripes + 1, max(${today}, cur.awarded_on), 'manual', ${caller.id}, ${input.note}
      from student_ranks cur join ranks r on r.id = cur.rank_id
      where cur.id = ${currentAwardSql(userId, program.id)} and cur.stripes < r.stripe_max`),
    awardViewQuery(ctx.db, sql`sr.id = ${awardId}`),
    ctx.db
      .select({ id: studentRanks.id })
      .from(studentRanks)
      .where(eq(studentRanks.id, currentAwardSql(userId, program.id))),
  ]);
  if (rows[0]) return serializeAward(rows[0]);
  throw conflict(current.length ? M.noMoreStripes : M.noRankYet);
}

type VoidInput = { reason: string; replacement?: AwardInput | undefined };

/**
 * POST /api/student-ranks/:id/void — one batch: the award's certificate revoked, the replacement appended
 * (superseding it), the award voided, the grade following the current rank. Every write is conditional on
 * the award still being valid, so a second void (or a racing one) writes nothing and answers 409.
 */
export async function voidAward(ctx: ServiceCtx, awardId: string, input: VoidInput) {
  const caller = signedIn(ctx);
  const rep = input.replacement;
  const [zoneRows, [award], [rank]] = await batch(ctx.db, [
    schoolTimeZoneQuery(ctx.db),
    ctx.db.select().from(studentRanks).where(eq(studentRanks.id, awardId)),
    rankQuery(ctx.db, rep?.rankId ?? ''),
  ]);
  if (!award) throw notFound(M.awardNotFound);
  if (award.voidedAt) throw conflict(M.alreadyVoided);
  const today = calendarDay(new Date(), zoneOf(zoneRows));
  const replacementOn = rep
    ? checkAward(rank, award.programId, { ...rep, awardedOn: rep.awardedOn ?? award.awardedOn }, today, 'replacement.')
    : null;
  const stillValid = sql`exists (select 1 from student_ranks where id = ${awardId} and voided_at is null)`;
  const now = Date.now();
  const replacementId = newId();
  const replace =
    rep && replacementOn
      ? [
          awardStatements(ctx.db, {
            id: replacementId,
            userId: award.userId,
            programId: award.programId,
            rankId: rep.rankId,
            stripes: rep.stripes ?? 0,
            awardedOn: replacementOn,
            source: award.source === 'import' ? 'import' : 'manual',
            awardedBy: caller.id,
            note: rep.note,
            supersedesId: awardId,
            when: stillValid,
          })[0],
        ]
      : [];
  const results = await batch(ctx.db, [
    ctx.db
      .run(sql`update certificates set status = 'revoked', revoked_at = ${now}, revoked_by = ${caller.id}, revocation_reason = ${input.reason}
      where student_rank_id = ${awardId} and status = 'valid' and ${stillValid}`),
    ...replace,
    ctx.db
      .update(studentRanks)
      .set({ voidedAt: new Date(now), voidedBy: caller.id, voidReason: input.reason })
      .where(sql`${studentRanks.id} = ${awardId} and ${studentRanks.voidedAt} is null`)
      .returning({ id: studentRanks.id }),
    gradeFollowsStatement(ctx.db, award.userId, award.programId),
    awardViewQuery(ctx.db, sql`sr.id in (${awardId}, ${replacementId})`),
  ]);
  const voided = results[results.length - 3] as { id: string }[];
  if (!voided.length) throw conflict(M.alreadyVoided);
  const views = (results[results.length - 1] as Parameters<typeof serializeAward>[0][]).map(serializeAward);
  return { voided: views.find((v) => v._id === awardId)!, replacement: views.find((v) => v._id === replacementId) ?? null };
}
