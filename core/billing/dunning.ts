/**
 * What happens to a membership renewal whose automatic charge was declined (issue 26 §3): retries after
 * the school's intervals (days, default 1, 3, 7) counted from the first decline, then `past_due`, then
 * `expired` once the grace period after the last failure is over. Pure: the server claims each attempt
 * with one conditional statement and asks this table what comes next.
 */
export const DEFAULT_RETRY_DAYS = [1, 3, 7] as const;
export const DEFAULT_GRACE_DAYS = 7;

const DAY_MS = 86_400_000;

export type DunningPolicy = { retryDays: readonly number[]; graceDays: number };

export type DunningState =
  { state: 'retrying'; attempt: number; nextAttemptAt: number } | { state: 'past_due'; expiresAt: number } | { state: 'expired' };

/** Retry intervals must grow strictly and stay within a billing month; grace within 60 days. */
export function validPolicy(p: DunningPolicy): boolean {
  const increasing = p.retryDays.every((d, i) => Number.isInteger(d) && d >= 1 && d <= 28 && (i === 0 || d > p.retryDays[i - 1]!));
  return increasing && p.retryDays.length <= 5 && Number.isInteger(p.graceDays) && p.graceDays >= 0 && p.graceDays <= 60;
}

/**
 * The state after `failures` declined attempts (1 = the first charge failed), the first at `firstFailedAt`,
 * judged at `nowMs`. Retries are counted from the first decline, so a late job run does not push them back.
 */
export function afterDecline(policy: DunningPolicy, firstFailedAt: number, failures: number, nowMs: number): DunningState {
  if (failures < 1) throw new RangeError('failures must be at least 1');
  const retry = policy.retryDays[failures - 1];
  if (retry !== undefined) return { state: 'retrying', attempt: failures + 1, nextAttemptAt: firstFailedAt + retry * DAY_MS };
  const lastRetry = policy.retryDays.at(-1) ?? 0;
  const expiresAt = firstFailedAt + (lastRetry + policy.graceDays) * DAY_MS;
  return nowMs >= expiresAt ? { state: 'expired' } : { state: 'past_due', expiresAt };
}

/**
 * The gateway's idempotency key for one attempt at one invoice: the same invoice and attempt always give the
 * same key, so a job that runs twice (or a retry of the same run) can never make the provider charge twice,
 * while the next dunning attempt gets a fresh one.
 */
export const chargeKey = (invoiceId: string, attempt: number) => `invoice-${invoiceId}-attempt-${attempt}`;
