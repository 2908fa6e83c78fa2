// Executing one Hrana statement on a stream's connection: resolving `sql_id`, binding
// positional and named arguments the way sqld does, running it (retrying SQLITE_BUSY
// asynchronously) and shaping the StmtResult.

import { retryBusy, type BusyPolicy } from './busy.ts';
import type { Conn, EngineStmt } from './conn.ts';
import { HranaError, isBusyError, sqliteCode, toHranaError } from './errors.ts';
import type { SqlRef, Stmt } from './proto.ts';
import { analyzeStatement, splitStatements, type StmtInfo } from './sqltext.ts';
import { encodeValue, type HranaValue, type SqlValue } from './values.ts';

export type Col = { name: string | null; decltype: string | null };

export type StmtResultJson = {
  cols: Col[];
  rows: HranaValue[][];
  affected_row_count: number;
  last_insert_rowid: string | null;
};

/** What a statement needs from its stream. */
export type ExecContext = {
  conn: Conn;
  sqls: ReadonlyMap<number, string>;
  busy: BusyPolicy;
  /** Called after every statement, successful or not (wakes lock waiters). */
  afterStatement: () => void;
};

export function resolveSql(ref: SqlRef, sqls: ReadonlyMap<number, string>): string {
  if (ref.sql !== null) return ref.sql;
  const sql = ref.sqlId === null ? undefined : sqls.get(ref.sqlId);
  if (sql === undefined) throw new HranaError(`SQL text with id ${ref.sqlId} is not stored`, 'SQL_NOT_FOUND');
  return sql;
}

type Analysis = { statements: number; info: StmtInfo };
const analysisCache = new Map<string, Analysis>();

/** Analyzes one statement's text (cached, since clients repeat their SQL). */
export function analyzeSingle(sql: string): StmtInfo {
  let a = analysisCache.get(sql);
  if (a === undefined) {
    a = { statements: splitStatements(sql).length, info: analyzeStatement(sql) };
    if (analysisCache.size >= 1000) analysisCache.delete(analysisCache.keys().next().value ?? '');
    analysisCache.set(sql, a);
  }
  if (a.statements === 0) throw new HranaError('SQL string does not contain any statement', 'SQL_NO_STATEMENT');
  if (a.statements > 1) throw new HranaError('SQL string contains more than one statement', 'SQL_MANY_STATEMENTS');
  return a.info;
}

/**
 * Orders the arguments by parameter index. A named parameter takes its value from `named_args`
 * (by its full name, or by its name without the `:`/`@`/`$` prefix), else from the positional
 * argument at its index. Missing values and surplus arguments are errors, as in sqld (which
 * refuses to mix both kinds; the Hrana spec allows it, and so do we).
 */
export function bindArgs(info: StmtInfo, args: readonly SqlValue[], namedArgs: Stmt['namedArgs']): SqlValue[] {
  const count = info.params.length;
  const given = Math.max(args.length, namedArgs.length);
  if (given > count) {
    throw new HranaError(`Arguments do not match SQL parameters: too many parameters, expected ${count} found ${given}`, 'ARGS_INVALID');
  }
  const named = new Map(namedArgs.map((a) => [a.name, a.value]));
  const values: SqlValue[] = [];
  for (let i = 0; i < count; i++) {
    const name = info.params[i] ?? null;
    const key = name === null || name[0] === '?' ? undefined : named.has(name) ? name : name.slice(1);
    const value = key !== undefined && named.has(key) ? named.get(key) : args[i];
    if (value === undefined) {
      throw new HranaError(`Arguments do not match SQL parameters: value for parameter ${name ?? i + 1} not found`, 'ARGS_INVALID');
    }
    values.push(value);
  }
  return values;
}

function execute(conn: Conn, st: EngineStmt, info: StmtInfo, values: SqlValue[], wantRows: boolean): StmtResultJson {
  st.safeIntegers(true);
  if (st.reader) {
    st.raw(true);
    const rows = st.all(values) as unknown[][];
    // columns after running: a cached statement is re-prepared by the engine on schema changes
    const cols = st.columns().map((c): Col => ({ name: c.name, decltype: c.type ?? null }));
    return {
      cols,
      rows: wantRows ? rows.map((row) => row.map(encodeValue)) : [],
      affected_row_count: info.isIud ? conn.changes() : 0,
      last_insert_rowid: info.isInsert ? conn.lastInsertRowid().toString() : null,
    };
  }
  const run = st.run(values);
  let lastRowid: string | null = null;
  if (info.isInsert) {
    const r = run.lastInsertRowid;
    lastRowid = typeof r === 'bigint' || Number.isSafeInteger(r) ? String(r) : conn.lastInsertRowid().toString();
  }
  return { cols: [], rows: [], affected_row_count: info.isIud ? Number(run.changes) : 0, last_insert_rowid: lastRowid };
}

/** Runs SQL that is already analyzed and bound; engine errors become HranaErrors. */
export async function runStatement(
  ctx: ExecContext,
  sql: string,
  info: StmtInfo,
  values: SqlValue[],
  wantRows: boolean,
): Promise<StmtResultJson> {
  const { conn } = ctx;
  // No point waiting when a leaked statement blocks the connection (e.g. "cannot commit -
  // SQL statements in progress"), or when a transaction's snapshot is stale.
  const giveUp = (e: unknown): boolean => conn.leaked || (sqliteCode(e) === 'SQLITE_BUSY_SNAPSHOT' && !conn.isAutocommit);
  let ok = false;
  try {
    if (info.changesSession) conn.dirty = true;
    const st = await retryBusy(() => conn.prepare(sql), giveUp, ctx.busy);
    // retries re-run the same statement object, which resets it first
    const result = await retryBusy(() => execute(conn, st, info, values, wantRows), giveUp, ctx.busy);
    ok = true;
    return result;
  } catch (e) {
    if (isBusyError(e)) conn.leaked = true;
    throw toHranaError(e);
  } finally {
    try {
      conn.afterStatement(ok && info.isBeginReadonly);
    } catch {
      // keep the statement's own outcome
    }
    ctx.afterStatement();
  }
}

/** The `execute` request (and each batch step). */
export async function executeStmt(ctx: ExecContext, stmt: Stmt): Promise<StmtResultJson> {
  const sql = resolveSql(stmt, ctx.sqls);
  const info = analyzeSingle(sql);
  const values = bindArgs(info, stmt.args, stmt.namedArgs);
  return runStatement(ctx, sql, info, values, stmt.wantRows);
}

/** The `sequence` request: statements separated by semicolons, no arguments, rows ignored. */
export async function executeSequence(ctx: ExecContext, ref: SqlRef): Promise<void> {
  const sql = resolveSql(ref, ctx.sqls);
  for (const part of splitStatements(sql)) {
    const info = analyzeStatement(part);
    await runStatement(ctx, part, info, bindArgs(info, [], []), false);
  }
}
