import { useSchoolZone } from '#web/components/school-zone.tsx';
import { monthLabel } from '#web/panel/attendance/attendance-chart.tsx';
import { centsOf, dues } from '#web/panel/billing/billing-api.ts';
import { ChartTable } from '#web/panel/resource/list-kit.tsx';
import type { RevenueMonth } from './billing-admin-api.ts';

const W = 56;
const H = 150;
const PAD = 20;

type Bar = { month: string; total: number; autopay: number | null };
const barsOf = (months: readonly RevenueMonth[]): Bar[] =>
  months.map((m) => {
    const split = m.autopay !== undefined || m.other !== undefined;
    const autopay = split ? centsOf(m.autopay) : null;
    const total = m.total !== undefined || m.totalCents !== undefined ? centsOf(m.total, m.totalCents) : (autopay ?? 0) + centsOf(m.other);
    return { month: m.month, total, autopay };
  });

/** Revenue per month for a year: bars (the automatic charges' part darker when the server splits them) and the same figures as a table. */
export function RevenueMonthsChart({ months }: { months: readonly RevenueMonth[] }) {
  const zone = useSchoolZone();
  const bars = barsOf(months);
  const split = bars.some((b) => b.autopay !== null);
  const max = Math.max(1, ...bars.map((b) => b.total));
  const y = (cents: number) => PAD + ((max - Math.max(0, cents)) / max) * (H - PAD);
  const spoken = bars.map((b) => `${monthLabel(b.month, zone)} ${dues(b.total)}`).join(', ');
  return (
    <figure className="home-chart billing-chart">
      <svg viewBox={`0 0 ${bars.length * W} ${H + 26}`} role="img" aria-label={`Revenue by month: ${spoken}`}>
        <line x1="0" x2={bars.length * W} y1={H} y2={H} className="home-chart-axis" />
        {bars.map((b, i) => (
          <g key={b.month}>
            <rect x={i * W + 8} width={W - 16} y={y(b.total)} height={H - y(b.total)} className="home-chart-bar" rx="3" />
            {b.autopay !== null && b.autopay > 0 && (
              <rect x={i * W + 8} width={W - 16} y={y(b.autopay)} height={H - y(b.autopay)} className="billing-chart-autopay" rx="3" />
            )}
            <text x={i * W + W / 2} y={H + 18} textAnchor="middle" className="home-chart-label">
              {monthLabel(b.month, zone).slice(0, 3)}
            </text>
          </g>
        ))}
      </svg>
      {split && (
        <p className="billing-chart-key muted">
          <span>
            <span className="billing-chart-swatch billing-chart-swatch-autopay" aria-hidden="true" /> Automatic charges
          </span>
          <span>
            <span className="billing-chart-swatch" aria-hidden="true" /> Other payments
          </span>
        </p>
      )}
      <ChartTable
        columns={split ? ['Month', 'Automatic charges', 'Other payments', 'Total'] : ['Month', 'Revenue']}
        rows={bars.map((b) => ({
          key: b.month,
          label: monthLabel(b.month, zone),
          cells: split ? [dues(b.autopay ?? 0), dues(b.total - (b.autopay ?? 0)), dues(b.total)] : [dues(b.total)],
        }))}
      />
    </figure>
  );
}
