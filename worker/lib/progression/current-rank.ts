import { sql, type SQL } from 'drizzle-orm';

type Ref = SQL | string;

/** The ledger's order: the latest award is the one with the latest day, then the latest write (rowid breaks a batch's tie). */
const LATEST_FIRST = sql.raw('awarded_on desc, created_at desc, rowid desc');

/** The id of a person's current award in a program: the latest valid row of the ledger (null when none). */
export const currentAwardSql = (userId: Ref, programId: Ref): SQL =>
  sql`(select id from student_ranks where user_id = ${userId} and program_id = ${programId} and voided_at is null order by ${LATEST_FIRST} limit 1)`;

/** The rank id a person holds in a program now (the current award's rank), or null. */
export const currentRankSql = (userId: Ref, programId: Ref): SQL =>
  sql`(select rank_id from student_ranks where user_id = ${userId} and program_id = ${programId} and voided_at is null order by ${LATEST_FIRST} limit 1)`;

/**
 * The day the current rank was reached: the earliest valid award of that rank with no valid award of
 * another rank after it, so stripes (same rank, later rows) never reset the time at a rank.
 */
export const rankReachedOnSql = (userId: Ref, programId: Ref): SQL =>
  sql`(select min(a.awarded_on) from student_ranks a where a.user_id = ${userId} and a.program_id = ${programId} and a.voided_at is null
    and a.rank_id = ${currentRankSql(userId, programId)}
    and not exists (select 1 from student_ranks b where b.user_id = a.user_id and b.program_id = a.program_id and b.voided_at is null
      and b.rank_id <> a.rank_id and (b.awarded_on, b.created_at, b.rowid) > (a.awarded_on, a.created_at, a.rowid)))`;
