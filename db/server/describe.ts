// The `describe` request: parameters, result columns, whether the statement is an EXPLAIN
// and whether it is read-only — without executing it.
//
// The engine binding exposes neither sqlite3_bind_parameter_name nor sqlite3_stmt_readonly, so
// parameters come from sqltext.ts (numbered like SQLite does) and read-only-ness from the
// statement's compiled program (EXPLAIN): SQLite marks a statement as writing exactly when its
// program opens a write transaction (OP_Transaction with P2≠0) or runs Vacuum/JournalMode/Checkpoint.

import type { Conn } from './conn.ts';
import { toHranaError } from './errors.ts';
import { analyzeSingle, type Col } from './stmt.ts';

export type DescribeResultJson = {
  params: { name: string | null }[];
  cols: Col[];
  is_explain: boolean;
  is_readonly: boolean;
};

const WRITING_OPCODES = new Set(['Vacuum', 'JournalMode', 'Checkpoint']);

function isReadonly(conn: Conn, sql: string): boolean {
  const program = conn.db.prepare(`EXPLAIN ${sql}`).raw(true).all() as unknown[][];
  return !program.some((op) => {
    const opcode = op[1];
    if (opcode === 'Transaction') return Number(op[3]) !== 0;
    return typeof opcode === 'string' && WRITING_OPCODES.has(opcode);
  });
}

export function describeStmt(conn: Conn, sql: string): DescribeResultJson {
  const info = analyzeSingle(sql);
  try {
    const st = conn.db.prepare(sql);
    const cols = st.reader ? st.columns().map((c): Col => ({ name: c.name, decltype: c.type ?? null })) : [];
    return {
      params: info.params.map((name) => ({ name })),
      cols,
      is_explain: info.isExplain,
      is_readonly: info.isExplain || isReadonly(conn, sql),
    };
  } catch (e) {
    throw toHranaError(e);
  }
}
