// Parsing and validation of a Hrana-over-HTTP v2 pipeline request body
// (spec: HTTP_V2_SPEC, HRANA_2_SPEC; `get_autocommit` and `is_autocommit` come from Hrana 3).
// Anything structurally wrong is a 400 protocol error, raised before the stream is touched.

import { protocolError } from './errors.ts';
import { decodeValue, type SqlValue } from './values.ts';

export type NamedArg = { name: string; value: SqlValue };

export type Stmt = {
  sql: string | null;
  sqlId: number | null;
  args: SqlValue[];
  namedArgs: NamedArg[];
  wantRows: boolean;
};

export type BatchCond =
  | { type: 'ok'; step: number }
  | { type: 'error'; step: number }
  | { type: 'not'; cond: BatchCond }
  | { type: 'and'; conds: BatchCond[] }
  | { type: 'or'; conds: BatchCond[] }
  | { type: 'is_autocommit' };

export type BatchStep = { condition: BatchCond | null; stmt: Stmt };

export type SqlRef = { sql: string | null; sqlId: number | null };

export type StreamRequest =
  | { type: 'close' }
  | { type: 'execute'; stmt: Stmt }
  | { type: 'batch'; steps: BatchStep[] }
  | ({ type: 'sequence' } & SqlRef)
  | ({ type: 'describe' } & SqlRef)
  | { type: 'store_sql'; sqlId: number; sql: string }
  | { type: 'close_sql'; sqlId: number }
  | { type: 'get_autocommit' };

export type PipelineRequest = { baton: string | null; requests: StreamRequest[] };

type Obj = Record<string, unknown>;

function obj(v: unknown, where: string): Obj {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) {
    throw protocolError(`${where} must be a JSON object`);
  }
  return v as Obj;
}

function arr(v: unknown, where: string): unknown[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw protocolError(`${where} must be an array`);
  return v;
}

function int32(v: unknown, where: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < -(2 ** 31) || v >= 2 ** 31) {
    throw protocolError(`${where} must be a 32-bit integer`);
  }
  return v;
}

function optString(v: unknown, where: string): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') throw protocolError(`${where} must be a string`);
  return v;
}

function sqlRef(o: Obj, where: string): SqlRef {
  const sql = optString(o.sql, `${where}.sql`);
  const sqlId = o.sql_id === undefined || o.sql_id === null ? null : int32(o.sql_id, `${where}.sql_id`);
  if ((sql === null) === (sqlId === null)) {
    throw protocolError(`${where}: exactly one of "sql" and "sql_id" must be given`);
  }
  return { sql, sqlId };
}

function parseStmt(v: unknown, where: string): Stmt {
  const o = obj(v, where);
  const args = arr(o.args, `${where}.args`).map((a, i) => decodeValue(a, `${where}.args[${i}]`));
  const namedArgs = arr(o.named_args, `${where}.named_args`).map((a, i): NamedArg => {
    const n = obj(a, `${where}.named_args[${i}]`);
    if (typeof n.name !== 'string') throw protocolError(`${where}.named_args[${i}].name must be a string`);
    return { name: n.name, value: decodeValue(n.value, `${where}.named_args[${i}].value`) };
  });
  if (o.want_rows !== undefined && o.want_rows !== null && typeof o.want_rows !== 'boolean') {
    throw protocolError(`${where}.want_rows must be a boolean`);
  }
  return { ...sqlRef(o, where), args, namedArgs, wantRows: o.want_rows !== false };
}

function parseCond(v: unknown, stepIndex: number, where: string): BatchCond {
  const o = obj(v, where);
  switch (o.type) {
    case 'ok':
    case 'error': {
      const step = int32(o.step, `${where}.step`);
      if (step < 0 || step >= stepIndex) {
        throw protocolError(`${where}: condition refers to step ${step}, which does not precede it`);
      }
      return { type: o.type, step };
    }
    case 'not':
      return { type: 'not', cond: parseCond(o.cond, stepIndex, `${where}.cond`) };
    case 'and':
    case 'or':
      return {
        type: o.type,
        conds: arr(o.conds, `${where}.conds`).map((c, i) => parseCond(c, stepIndex, `${where}.conds[${i}]`)),
      };
    case 'is_autocommit':
      return { type: 'is_autocommit' };
    default:
      throw protocolError(`${where}: unknown condition type ${JSON.stringify(o.type)}`);
  }
}

function parseBatch(v: unknown, where: string): BatchStep[] {
  const b = obj(v, where);
  return arr(b.steps, `${where}.steps`).map((s, i) => {
    const step = obj(s, `${where}.steps[${i}]`);
    const hasCond = step.condition !== undefined && step.condition !== null;
    return {
      condition: hasCond ? parseCond(step.condition, i, `${where}.steps[${i}].condition`) : null,
      stmt: parseStmt(step.stmt, `${where}.steps[${i}].stmt`),
    };
  });
}

function parseRequest(v: unknown, where: string): StreamRequest {
  const o = obj(v, where);
  switch (o.type) {
    case 'close':
    case 'get_autocommit':
      return { type: o.type };
    case 'execute':
      return { type: 'execute', stmt: parseStmt(o.stmt, `${where}.stmt`) };
    case 'batch':
      return { type: 'batch', steps: parseBatch(o.batch, `${where}.batch`) };
    case 'sequence':
    case 'describe':
      return { type: o.type, ...sqlRef(o, where) };
    case 'store_sql': {
      if (typeof o.sql !== 'string') throw protocolError(`${where}.sql must be a string`);
      return { type: 'store_sql', sqlId: int32(o.sql_id, `${where}.sql_id`), sql: o.sql };
    }
    case 'close_sql':
      return { type: 'close_sql', sqlId: int32(o.sql_id, `${where}.sql_id`) };
    default:
      throw protocolError(`${where}: unknown request type ${JSON.stringify(o.type)}`);
  }
}

export function parsePipelineRequest(body: unknown): PipelineRequest {
  const o = obj(body, 'The pipeline request body');
  const baton = optString(o.baton, 'baton');
  if (!Array.isArray(o.requests)) throw protocolError('"requests" must be an array');
  return { baton, requests: o.requests.map((r, i) => parseRequest(r, `requests[${i}]`)) };
}
