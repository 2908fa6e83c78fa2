import { sql } from 'drizzle-orm';
import { mayTrainSql } from '#worker/lib/class-eligibility.ts';

// Qualified by hand: Drizzle writes a one-table select's columns bare, and a bare "id" inside mayTrainSql's subqueries is theirs.
const USER_ID = sql.raw('"users"."id"');

/** Whether the selected user may train now (the one rule, worker/lib/class-eligibility.ts), as a boolean column. */
export const mayTrainColumn = (nowMs: number) => sql<number>`${mayTrainSql(USER_ID, nowMs)}`.mapWith(Boolean);
