import { useEffect, useRef, useState } from 'react';
import type { Label } from 'chartist';
import type { PlatformStats } from './social-api.ts';

/** The chart's three stacks, in the order chartist names them (ct-series-a, -b, -c; coloured in social.css). */
export const SERIES = [
  { key: 'success', label: 'Posted' },
  { key: 'failed', label: 'Failed' },
  { key: 'scheduled', label: 'Scheduled' },
] as const;

type State = 'loading' | 'drawn' | 'failed';

/**
 * Per platform, its posted / failed / scheduled counts as stacked bars. chartist and its stylesheet are
 * loaded here, on first draw, so they are a chunk of their own that only this screen downloads. The
 * chart is decoration for sighted readers: the table next to it holds the same numbers.
 */
const SHORT: Record<string, string> = {
  Facebook: 'FB',
  Instagram: 'IG',
  LinkedIn: 'in',
  TikTok: 'TT',
  'X (Twitter)': 'X',
  YouTube: 'YT',
};

export function PlatformChart({ platforms }: { platforms: PlatformStats[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>('loading');
  useEffect(() => {
    let detach = () => {};
    let gone = false;
    Promise.all([import('chartist'), import('chartist/dist/index.css')])
      .then(([{ BarChart }]) => {
        if (gone || !ref.current) return;
        const chart = new BarChart(
          ref.current,
          { labels: platforms.map((p) => p.label), series: SERIES.map((s) => platforms.map((p) => p[s.key])) },
          {
            stackBars: true,
            height: '16rem',
            chartPadding: { top: 16, right: 8, bottom: 0, left: 0 },
            axisY: { onlyInteger: true },
          },
          // On a phone six names do not fit under the bars: short ones there (the table spells them out).
          [['screen and (max-width: 40rem)', { axisX: { labelInterpolationFnc: (label: Label) => SHORT[String(label)] ?? label } }]],
        );
        chart.on('created', () => !gone && setState('drawn'));
        detach = () => chart.detach();
      })
      .catch(() => !gone && setState('failed'));
    return () => {
      gone = true;
      detach();
    };
  }, [platforms]);
  return (
    <figure className="social-chart" data-state={state}>
      <div ref={ref} className="social-chart-canvas" aria-hidden="true" />
      {state === 'failed' && <p className="field-hint">The chart could not be drawn; the table below has the numbers.</p>}
      <figcaption className="social-chart-legend">
        {SERIES.map((s, i) => (
          <span key={s.key} className={`social-legend social-legend-${'abc'[i]}`}>
            {s.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
