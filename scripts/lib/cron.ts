/**
 * Enough of cron to fire wrangler.toml's [triggers] crons locally on their schedule: five fields
 * (minute hour day-of-month month day-of-week, UTC as Cloudflare runs them) of `*`, numbers, ranges,
 * lists and steps. Names (MON, JAN), `L`, `W` and `#` are not read: such an expression never matches.
 */
const FIELDS = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12 },
  { min: 0, max: 7 },
] as const;

function fieldMatches(expr: string, value: number, { min, max }: { min: number; max: number }): boolean {
  return expr.split(',').some((part) => {
    const [range = '', stepText] = part.split('/');
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!Number.isInteger(step) || step < 1) return false;
    const [lo = NaN, end] = range === '*' ? [min, max] : range.split('-').map(Number);
    const hi = end ?? (stepText === undefined ? lo : max);
    if (!Number.isInteger(lo) || !Number.isInteger(hi)) return false;
    return value >= lo && value <= hi && (value - lo) % step === 0;
  });
}

export function cronMatches(expression: string, at: Date): boolean {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) return false;
  const dow = at.getUTCDay();
  const values = [at.getUTCMinutes(), at.getUTCHours(), at.getUTCDate(), at.getUTCMonth() + 1, dow];
  const ok = fields.map((f, i) => fieldMatches(f, values[i]!, FIELDS[i]!) || (i === 4 && dow === 0 && fieldMatches(f, 7, FIELDS[4])));
  const [minute, hour, dom, month, weekday] = ok;
  // Standard cron: when both day fields are restricted, either one matching is enough.
  const days = fields[2] !== '*' && fields[4] !== '*' ? dom || weekday : dom && weekday;
  return Boolean(minute && hour && month && days);
}
