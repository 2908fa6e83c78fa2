import { sql, type SQL } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import type { AwardSource } from '#core/progression/ladder.ts';
import type { Db } from '#db/client.ts';
import { currentRankSql } from './current-rank.ts';

export type NewAward = {
  /** Given when the caller refers to the row in the same batch (a certificate); made otherwise. */
  id?: string;
  userId: string;
  programId: string;
  rankId: string;
  stripes?: number;
  /** The school's calendar day ('YYYY-MM-DD'). */
  awardedOn: string;
  source: AwardSource;
  candidateId?: string | null;
  awardedBy?: string | null;
  note?: string | null;
  supersedesId?: string | null;
  /** Written only while this holds (e.g. the grading is still being finalized by this batch); default always. */
  when?: SQL;
};

/**
 * The profile's grade follows the person's CURRENT rank in the program (its gradeKey), computed after the
 * batch's own writes, so a back-dated award, a void or two racing batches never leave a stale grade.
 */
export const gradeFollowsStatement = (db: Pick<Db, 'run'>, userId: string, programId: string) => {
  const gradeKey = sql`(select grade_key from ranks where id = ${currentRankSql(userId, programId)})`;
  return db.run(
    sql`update users set profile = json_set(profile, '$.grade', ${gradeKey}), updated_at = cast(unixepoch('subsecond') * 1000 as integer)
      where id = ${userId} and ${gradeKey} is not null and json_extract(profile, '$.grade') is not ${gradeKey}`,
  );
};

/** Appends one award to the ledger and sets users.profile.grade: put both in the caller's batch. */
export function awardStatements(db: Pick<Db, 'run'>, award: NewAward) {
  const a = award;
  const insert = db.run(
    sql`insert into student_ranks (id, user_id, program_id, rank_id, stripes, awarded_on, source, candidate_id, awarded_by, note, supersedes_id)
      select ${a.id ?? newId()}, ${a.userId}, ${a.programId}, ${a.rankId}, ${a.stripes ?? 0}, ${a.awardedOn}, ${a.source}, ${a.candidateId ?? null},
        ${a.awardedBy ?? null}, ${a.note ?? null}, ${a.supersedesId ?? null}
      where exists (select 1 from ranks where id = ${a.rankId} and program_id = ${a.programId}) and ${a.when ?? sql`1`}`,
  );
  return [insert, gradeFollowsStatement(db, a.userId, a.programId)] as const;
}
