import type { AwardSource } from '#core/progression/ladder.ts';
import { eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { programs, ranks, users } from '#db/schema/index.ts';

/** A program named by its slug (or its id). */
export const programQuery = (db: Db, program: string) =>
  db
    .select()
    .from(programs)
    .where(or(eq(programs.slug, program), eq(programs.id, program)));

export const rankQuery = (db: Db, rankId: string) => db.select().from(ranks).where(eq(ranks.id, rankId));

export const userExistsQuery = (db: Db, userId: string) => db.select({ id: users.id }).from(users).where(eq(users.id, userId));

const personName = (alias: string) =>
  sql.raw(
    `nullif(trim(coalesce(json_extract(${alias}.profile, '$.firstName'), '') || ' ' || coalesce(json_extract(${alias}.profile, '$.lastName'), '')), '')`,
  );

export type AwardViewRow = {
  id: string;
  user_id: string;
  program_id: string;
  program_name: string;
  rank_id: string;
  rank_name: string;
  color_hex: string;
  stripes: number;
  awarded_on: string;
  source: AwardSource;
  candidate_id: string | null;
  grading_id: string | null;
  awarded_by: string | null;
  awarded_by_name: string | null;
  note: string | null;
  supersedes_id: string | null;
  voided_at: number | null;
  voided_by_name: string | null;
  void_reason: string | null;
  certificate_id: string | null;
  created_at: number;
};

/** Ledger rows as the API shows them (names of the program, rank and people, the grading, the certificate), newest first. */
export const awardViewQuery = (db: Db, where: SQL) =>
  db.all<AwardViewRow>(sql`select sr.id, sr.user_id, sr.program_id, p.name as program_name, sr.rank_id, r.name as rank_name, r.color_hex,
      sr.stripes, sr.awarded_on, sr.source, sr.candidate_id, gc.grading_id, sr.awarded_by, ${personName('ab')} as awarded_by_name, sr.note,
      sr.supersedes_id, sr.voided_at, ${personName('vb')} as voided_by_name, sr.void_reason, ce.id as certificate_id, sr.created_at
    from student_ranks sr join programs p on p.id = sr.program_id join ranks r on r.id = sr.rank_id
      left join users ab on ab.id = sr.awarded_by left join users vb on vb.id = sr.voided_by
      left join grading_candidates gc on gc.id = sr.candidate_id left join certificates ce on ce.student_rank_id = sr.id
    where ${where}
    order by sr.awarded_on desc, sr.created_at desc, sr.rowid desc`);

export type CreditViewRow = {
  id: string;
  program_id: string;
  rank_id: string | null;
  rank_name: string | null;
  count: number;
  reason: string;
  created_by: string | null;
  created_by_name: string | null;
  voided_at: number | null;
  created_at: number;
};

export const creditViewQuery = (db: Db, where: SQL) =>
  db.all<CreditViewRow>(sql`select ac.id, ac.program_id, ac.rank_id, r.name as rank_name, ac.count, ac.reason, ac.created_by,
      ${personName('cb')} as created_by_name, ac.voided_at, ac.created_at
    from attendance_credits ac left join ranks r on r.id = ac.rank_id left join users cb on cb.id = ac.created_by
    where ${where} order by ac.created_at desc, ac.rowid desc`);
