// The `batch` request: steps run in order, each guarded by an optional condition over the
// outcome of earlier steps (ok / error / not / and / or / is_autocommit). A skipped step has
// null in both step_results and step_errors.

import { HranaError, type ErrorJson } from './errors.ts';
import type { BatchCond, BatchStep } from './proto.ts';
import { executeStmt, type ExecContext, type StmtResultJson } from './stmt.ts';

export type BatchResultJson = {
  step_results: (StmtResultJson | null)[];
  step_errors: (ErrorJson | null)[];
};

type Outcome = 'ok' | 'error' | 'skipped';

export function evalCond(cond: BatchCond, outcomes: readonly Outcome[], isAutocommit: () => boolean): boolean {
  switch (cond.type) {
    case 'ok':
      return outcomes[cond.step] === 'ok';
    case 'error':
      return outcomes[cond.step] === 'error';
    case 'not':
      return !evalCond(cond.cond, outcomes, isAutocommit);
    case 'and':
      return cond.conds.every((c) => evalCond(c, outcomes, isAutocommit));
    case 'or':
      return cond.conds.some((c) => evalCond(c, outcomes, isAutocommit));
    case 'is_autocommit':
      return isAutocommit();
  }
}

export async function executeBatch(ctx: ExecContext, steps: readonly BatchStep[]): Promise<BatchResultJson> {
  const outcomes: Outcome[] = [];
  const result: BatchResultJson = { step_results: [], step_errors: [] };
  for (const step of steps) {
    const enabled = step.condition === null || evalCond(step.condition, outcomes, () => ctx.conn.isAutocommit);
    if (!enabled) {
      outcomes.push('skipped');
      result.step_results.push(null);
      result.step_errors.push(null);
      continue;
    }
    try {
      result.step_results.push(await executeStmt(ctx, step.stmt));
      result.step_errors.push(null);
      outcomes.push('ok');
    } catch (e) {
      if (!(e instanceof HranaError)) throw e;
      result.step_results.push(null);
      result.step_errors.push(e.toJson());
      outcomes.push('error');
    }
  }
  return result;
}
