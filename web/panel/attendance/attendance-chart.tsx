import type { StatusCounts } from '#core/attendance/effective.ts';
import { monthShort } from '#web/components/format.ts';
import { useSchoolZone } from '#web/components/school-zone.tsx';
import { ChartTable } from '#web/panel/resource/list-kit.tsx';

const W = 40;
const H = 120;
const PAD = 18;

/** "Nov 2026": the middle of the month is that month in every zone. */
export const monthLabel = (key: string, zone: string) => `${monthShort(`${key}-15T12:00:00Z`, zone)} ${key.slice(0, 4)}`;

const classesText = (n: number) => `${n} ${n === 1 ? 'class' : 'classes'}`;

/** Classes attended (present or late) per month: SVG bars with the figure on top, and the same figures as a table. */
export function AttendanceChart({ months, byMonth }: { months: readonly string[]; byMonth: Record<string, StatusCounts> }) {
  const zone = useSchoolZone();
  const attended = months.map((m) => byMonth[m]?.attended ?? 0);
  const max = Math.max(1, ...attended);
  const y = (v: number) => PAD + ((max - v) / max) * (H - PAD);
  return (
    <figure className="home-chart attendance-chart">
      <svg
        viewBox={`0 0 ${months.length * W} ${H + 24}`}
        role="img"
        aria-label={`Classes attended by month: ${months.map((m, i) => `${monthLabel(m, zone)} ${attended[i]}`).join(', ')}`}
      >
        <line x1="0" x2={months.length * W} y1={H} y2={H} className="home-chart-axis" />
        {months.map((m, i) => (
          <g key={m}>
            <rect x={i * W + 7} width={W - 14} y={y(attended[i]!)} height={H - y(attended[i]!)} className="home-chart-bar" rx="3" />
            {attended[i]! > 0 && (
              <text x={i * W + W / 2} y={y(attended[i]!) - 4} textAnchor="middle" className="home-chart-label">
                {attended[i]}
              </text>
            )}
            <text x={i * W + W / 2} y={H + 18} textAnchor="middle" className="home-chart-label">
              {monthShort(`${m}-15T12:00:00Z`, zone)}
            </text>
          </g>
        ))}
      </svg>
      <ChartTable
        columns={['Month', 'Attended', 'Late', 'Excused', 'Absent']}
        rows={months.map((m) => ({
          key: m,
          label: monthLabel(m, zone),
          cells: [classesText(byMonth[m]?.attended ?? 0), byMonth[m]?.late ?? 0, byMonth[m]?.excused ?? 0, byMonth[m]?.absent ?? 0],
        }))}
      />
    </figure>
  );
}
