import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { programs, rankRequirements, rankTechniques, ranks } from '#db/schema/index.ts';
import { mayTrainSql } from '#worker/lib/class-eligibility.ts';
import { schoolTimeZoneQuery } from '#worker/lib/school-time-zone.ts';
import { currentAwardSql, rankReachedOnSql } from './current-rank.ts';

/** A program named by id (what other features hold) or by slug (what a URL holds), resolved inside the batch. */
export type ProgramKey = { programId: string } | { programSlug: string };

/** No zone is more than 14 hours from UTC: attendance this close to a window's UTC midnight is judged in JS on the school's clock. */
export const BAND_MS = 14 * 3_600_000;

export const programIdSql = (key: ProgramKey): SQL =>
  'programId' in key ? sql`${key.programId}` : sql`(select id from programs where slug = ${key.programSlug})`;
const programWhere = (key: ProgramKey): SQL => ('programId' in key ? eq(programs.id, key.programId) : eq(programs.slug, key.programSlug));

/** The people to judge: a condition on `u` (users). */
export const userIdsScope = (userIds: readonly string[]): SQL => sql`u.id in (select value from json_each(${JSON.stringify(userIds)}))`;

export type FactRow = {
  id: string;
  profile: string;
  student_id: string | null;
  created_at: number;
  award_id: string | null;
  rank_id: string | null;
  stripes: number | null;
  reached_on: string | null;
  may_train: number;
  att_sure: number;
  att_band: string | null;
  exp_sure: number;
  exp_band: string | null;
  credits: number;
  checked: string;
  approved: string;
};

/**
 * One row per person in scope: the current award, the day its rank was reached, the right to train, and
 * effective attendance (core/attendance/effective.ts in SQL: the last event in ledger order, except that a
 * self-service absent/void after staff's word is ignored; present or late counts) at sessions of this
 * program or of none, in the window; booked sessions that ended; credits; technique checks; approvals.
 */
function factsStatement(db: Db, key: ProgramKey, scope: SQL, nowMs: number) {
  const isStaff = sql.raw(`(e.method in ('admin', 'roster'))`);
  const kindOrder = sql.raw(`case e.kind when 'present' then 0 when 'late' then 1 when 'excused' then 2 when 'absent' then 3 else 4 end`);
  const inProgram = sql.raw(`(c.program_id is null or c.program_id = (select id from prog))`);
  const inWindow = sql`(win.since_ms is null or s.starts_at >= win.since_ms - ${BAND_MS})`;
  const counted = (from: string) =>
    sql.raw(`select x.user_id, count(*) filter (where win.since_ms is null or x.starts_at >= win.since_ms + ${BAND_MS}) as sure,
      json_group_array(x.starts_at) filter (where win.since_ms is not null and x.starts_at < win.since_ms + ${BAND_MS}) as band
      from ${from} x join win on win.id = x.user_id group by x.user_id`);
  return db.all<FactRow>(sql`with prog as (select id, attendance_window as w from programs where id = ${programIdSql(key)}),
    people as (
      select u.id, u.profile, u.student_id, u.created_at, cur.id as award_id, cur.rank_id, cur.stripes, prog.w,
        ${rankReachedOnSql(sql.raw('u.id'), sql.raw('prog.id'))} as reached_on,
        ${mayTrainSql(sql.raw('u.id'), nowMs)} as may_train
      from users u cross join prog left join student_ranks cur on cur.id = ${currentAwardSql(sql.raw('u.id'), sql.raw('prog.id'))}
      where ${scope}
    ),
    win as (select id, case when w = 'since_last_promotion' and reached_on is not null
      then cast(strftime('%s', reached_on) as integer) * 1000 end as since_ms from people),
    ev as (
      select e.session_id, e.user_id, e.kind, s.starts_at, ${isStaff} as staff,
        row_number() over (partition by e.session_id, e.user_id order by e.recorded_at desc, ${isStaff} desc, e.received_at desc, ${kindOrder} desc) as rn
      from attendance_events e join win on win.id = e.user_id join class_sessions s on s.id = e.session_id left join classes c on c.id = s.class_id
      where s.status = 'scheduled' and ${inProgram} and ${inWindow}
    ),
    kept as (select ev.*, row_number() over (partition by ev.session_id, ev.user_id order by ev.rn) as kr
      from ev where ev.staff or ev.kind not in ('absent', 'void')),
    att as (select user_id, starts_at from kept where kr = 1 and kind in ('present', 'late') and (staff or rn = 1)),
    att_n as (${counted('att')}),
    booked as (
      select b.user_id, s.starts_at from session_bookings b join win on win.id = b.user_id join class_sessions s on s.id = b.session_id
        left join classes c on c.id = s.class_id
      where b.status = 'booked' and s.status = 'scheduled' and s.ends_at <= ${nowMs} and ${inProgram} and ${inWindow}
    ),
    exp_n as (${counted('booked')})
    select p.id, p.profile, p.student_id, p.created_at, p.award_id, p.rank_id, p.stripes, p.reached_on, p.may_train,
      coalesce(att_n.sure, 0) as att_sure, att_n.band as att_band, coalesce(exp_n.sure, 0) as exp_sure, exp_n.band as exp_band,
      (select coalesce(sum(ac.count), 0) from attendance_credits ac where ac.user_id = p.id and ac.program_id = (select id from prog)
        and ac.voided_at is null and (p.w = 'all_time' or ac.rank_id is p.rank_id)) as credits,
      (select json_group_array(tc.technique_id) from technique_checks tc join rank_techniques rt on rt.id = tc.technique_id
        join ranks r on r.id = rt.rank_id where tc.user_id = p.id and r.program_id = (select id from prog)) as checked,
      (select json_group_array(ga.rank_id) from grading_approvals ga join ranks r on r.id = ga.rank_id
        where ga.user_id = p.id and r.program_id = (select id from prog)) as approved
    from people p left join att_n on att_n.user_id = p.id left join exp_n on exp_n.user_id = p.id`);
}

export type GradingRow = {
  id: string;
  title: string;
  held_on: string;
  status: string;
  registration_closes_at: number | null;
  target_rank_ids: string;
  candidate_id: string | null;
  user_id: string | null;
  candidate_status: string | null;
};

/** The program's gradings still ahead (from yesterday in UTC: the school's today is judged in JS) with the candidacies of people in scope. */
function gradingsStatement(db: Db, key: ProgramKey, scope: SQL, nowMs: number) {
  const from = new Date(nowMs - 86_400_000).toISOString().slice(0, 10);
  return db.all<GradingRow>(sql`select g.id, g.title, g.held_on, g.status, g.registration_closes_at, g.target_rank_ids,
      c.id as candidate_id, c.user_id, c.status as candidate_status
    from gradings g left join grading_candidates c on c.grading_id = g.id and c.user_id in (select u.id from users u where ${scope})
    where g.program_id = ${programIdSql(key)} and g.status in ('open', 'locked', 'scoring', 'approved') and g.held_on >= ${from}
    order by g.held_on, g.created_at`);
}

/** Everything eligibility needs, as statements for ONE batch: the zone, the program and its ladder, the people's facts, gradings ahead. */
export function eligibilityStatements(db: Db, key: ProgramKey, scope: SQL, nowMs: number) {
  const inProgram = sql`${ranks.programId} = ${programIdSql(key)}`;
  return [
    schoolTimeZoneQuery(db),
    db.select().from(programs).where(programWhere(key)),
    db.select().from(ranks).where(inProgram).orderBy(asc(ranks.position)),
    db
      .select({ rankId: rankRequirements.rankId, type: rankRequirements.type, mode: rankRequirements.mode, value: rankRequirements.value })
      .from(rankRequirements)
      .innerJoin(ranks, eq(ranks.id, rankRequirements.rankId))
      .where(inProgram)
      .orderBy(asc(rankRequirements.position), asc(rankRequirements.createdAt)),
    db
      .select({
        id: rankTechniques.id,
        rankId: rankTechniques.rankId,
        title: rankTechniques.title,
        category: rankTechniques.category,
        syllabusItemId: rankTechniques.syllabusItemId,
      })
      .from(rankTechniques)
      .innerJoin(ranks, eq(ranks.id, rankTechniques.rankId))
      .where(inProgram)
      .orderBy(asc(rankTechniques.position), asc(rankTechniques.createdAt)),
    factsStatement(db, key, scope, nowMs),
    gradingsStatement(db, key, scope, nowMs),
  ] as const;
}
