import { dayOfMonth, monthShort } from '#web/components/format.ts';
import { useSchoolZone } from '#web/components/school-zone.tsx';
import { amount } from '#web/lib/enrollment-panel-format.ts';
import { ChartTable } from '#web/panel/resource/list-kit.tsx';

type Week = { from: string; to: string; net: number };

/** "Nov 2–8" on the school's calendar (the week's last day is the instant before the next one starts). */
const weekLabel = (w: Week, zone: string) => {
  const last = new Date(new Date(w.to).getTime() - 1).toISOString();
  const start = `${monthShort(w.from, zone)} ${dayOfMonth(w.from, zone)}`;
  return dayOfMonth(w.from, zone) === dayOfMonth(last, zone) ? start : `${start}–${dayOfMonth(last, zone)}`;
};

const W = 64;
const H = 140;
const PAD = 18;

/** The month's net revenue by week: an SVG of bars (refunds may push a week below zero) and the same figures as a table. */
export function RevenueChart({ weeks, symbol }: { weeks: readonly Week[]; symbol: string }) {
  const max = Math.max(0, ...weeks.map((w) => w.net));
  const min = Math.min(0, ...weeks.map((w) => w.net));
  const span = max - min || 1;
  const y = (v: number) => PAD + ((max - v) / span) * (H - 2 * PAD);
  const zero = y(0);
  const zone = useSchoolZone();
  const labels = weeks.map((w) => weekLabel(w, zone));
  return (
    <figure className="home-chart">
      <svg
        viewBox={`0 0 ${weeks.length * W} ${H + 24}`}
        role="img"
        aria-label={`Net revenue by week: ${weeks.map((w, i) => `${labels[i]} ${amount(w.net, symbol)}`).join(', ')}`}
      >
        <line x1="0" x2={weeks.length * W} y1={zero} y2={zero} className="home-chart-axis" />
        {weeks.map((w, i) => {
          const top = Math.min(y(w.net), zero);
          const height = Math.max(Math.abs(y(w.net) - zero), w.net ? 2 : 0);
          return (
            <g key={w.from}>
              <rect
                x={i * W + 12}
                width={W - 24}
                y={top}
                height={height}
                className={w.net < 0 ? 'home-chart-bar home-chart-bar-neg' : 'home-chart-bar'}
                rx="3"
              />
              <text x={i * W + W / 2} y={H + 16} textAnchor="middle" className="home-chart-label">
                {`${monthShort(w.from, zone)} ${dayOfMonth(w.from, zone)}`}
              </text>
            </g>
          );
        })}
      </svg>
      <ChartTable
        columns={['Week', 'Net revenue']}
        rows={weeks.map((w, i) => ({ key: w.from, label: labels[i], cells: [amount(w.net, symbol)] }))}
      />
    </figure>
  );
}
