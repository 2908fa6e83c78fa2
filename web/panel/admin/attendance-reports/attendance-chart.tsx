import type { WeekRow } from '#core/attendance/reports.ts';
import { ChartTable } from '#web/panel/resource/list-kit.tsx';

const W = 64;
const BASE_H = 140;
const PAD = 14;
/** Past this width a longer range is drawn taller and lettered larger, so a year keeps the shape and labels of a month. */
const BASE_WIDTH = 720;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Mar 2": a week is a school calendar day (its Monday), not an instant, so no zone is involved. */
const weekLabel = (week: string) => `${MONTHS[Number(week.slice(5, 7)) - 1]} ${Number(week.slice(8, 10))}`;

/** Attended vs booked per week: pairs of bars in an SVG (named in full for screen readers) and the same figures as a table. */
export function AttendanceChart({ weeks }: { weeks: readonly WeekRow[] }) {
  const scale = Math.max(1, (weeks.length * W) / BASE_WIDTH);
  const H = BASE_H * scale;
  const side = 24 * scale; // room for the first and last labels, centred under their weeks
  const max = Math.max(1, ...weeks.map((w) => Math.max(w.attended, w.booked)));
  const height = (v: number) => (v / max) * (H - 2 * PAD);
  // Up to 53 weeks: label about a dozen of them so the labels never overlap.
  const every = Math.ceil(weeks.length / 12);
  return (
    <figure className="home-chart attendance-chart">
      <svg
        viewBox={`${-side} 0 ${weeks.length * W + 2 * side} ${H + 24 * scale}`}
        role="img"
        aria-label={`Attended and booked by week: ${weeks.map((w) => `week of ${weekLabel(w.week)}, ${w.attended} attended, ${w.booked} booked`).join('; ')}`}
      >
        <line x1="0" x2={weeks.length * W} y1={H - PAD} y2={H - PAD} className="home-chart-axis" />
        {weeks.map((w, i) => (
          <g key={w.week}>
            <rect
              x={i * W + 8}
              width={W / 2 - 8}
              y={H - PAD - height(w.booked)}
              height={height(w.booked)}
              className="attendance-chart-booked"
              rx="2"
            />
            <rect
              x={i * W + W / 2}
              width={W / 2 - 8}
              y={H - PAD - height(w.attended)}
              height={height(w.attended)}
              className="home-chart-bar"
              rx="2"
            />
            {i % every === 0 && (
              <text x={i * W + W / 2} y={H + 12 * scale} textAnchor="middle" className="home-chart-label" style={{ fontSize: 14 * scale }}>
                {weekLabel(w.week)}
              </text>
            )}
          </g>
        ))}
      </svg>
      <figcaption className="attendance-chart-legend">
        <span>
          <span className="attendance-chart-key attendance-chart-key-booked" aria-hidden="true" /> Booked
        </span>
        <span>
          <span className="attendance-chart-key" aria-hidden="true" /> Attended (present or late, walk-ins included)
        </span>
      </figcaption>
      <ChartTable
        columns={['Week of', 'Attended', 'Booked']}
        rows={weeks.map((w) => ({ key: w.week, label: weekLabel(w.week), cells: [w.attended, w.booked] }))}
      />
    </figure>
  );
}
