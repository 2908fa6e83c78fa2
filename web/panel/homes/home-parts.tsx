import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Loading } from '#web/components/loading.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { PanelLink } from '#web/panel/router.tsx';

type Read<T> = { data: T | null; error: string; retry: () => void };

/** One read for a home part: cancelled when the part goes away, retried on demand. */
export function useRead<T>(read: (signal: AbortSignal) => Promise<T>): Read<T> {
  const latest = useRef(read);
  useEffect(() => {
    latest.current = read;
  });
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState('');
  const [round, setRound] = useState(0);
  useEffect(() => {
    const ctl = new AbortController();
    latest.current(ctl.signal).then(
      (d) => {
        if (ctl.signal.aborted) return;
        setData(d);
        setError('');
      },
      (err: unknown) => {
        if (!ctl.signal.aborted) setError(errorMessage(err));
      },
    );
    return () => ctl.abort();
  }, [round]);
  const retry = useCallback(() => setRound((n) => n + 1), []);
  return { data, error, retry };
}

/** A link in place inside this panel (client navigation), a plain link to a public page or another panel. */
export function HomeLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const here = `/${window.location.pathname.split('/')[1] ?? ''}`;
  const inPanel = href === here || href.startsWith(`${here}/`);
  return inPanel ? (
    <PanelLink className={className} href={href}>
      {children}
    </PanelLink>
  ) : (
    <a className={className} href={href}>
      {children}
    </a>
  );
}

/** What a home shows before its figures arrive, or when they could not be read. */
export function Pending({ error, retry, label }: { error: string; retry: () => void; label: string }) {
  if (!error) return <Loading label={`Loading ${label}...`} />;
  return (
    <div className="alert alert-error home-error" role="alert">
      <p>{error}</p>
      <button type="button" className="btn btn-secondary btn-sm" onClick={retry}>
        Try again
      </button>
    </div>
  );
}

/** A figure that is also the way to the screen that acts on it. */
export function Figure({
  value,
  label,
  href,
  note,
  urgent,
}: {
  value: ReactNode;
  label: string;
  href: string;
  note?: string;
  urgent?: boolean;
}) {
  return (
    <li>
      <HomeLink className={`home-figure${urgent ? ' home-figure-urgent' : ''}`} href={href}>
        <span className="home-figure-value">{value}</span>
        <span className="home-figure-label">{label}</span>
        {note && <span className="home-figure-note">{note}</span>}
      </HomeLink>
    </li>
  );
}

export const Figures = ({ label, children }: { label: string; children: ReactNode }) => (
  <ul className="home-figures" aria-label={label}>
    {children}
  </ul>
);

/** A card of the home: a titled section with an optional link to where the whole list lives. */
export function Card({
  id,
  title,
  more,
  children,
  wide,
}: {
  id: string;
  title: string;
  more?: { href: string; label: string };
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <section className={`card home-card${wide ? ' home-card-wide' : ''}`} aria-labelledby={`home-${id}`}>
      <h2 id={`home-${id}`}>{title}</h2>
      {children}
      {more && (
        <p className="home-more">
          <HomeLink href={more.href}>{more.label}</HomeLink>
        </p>
      )}
    </section>
  );
}

/** An empty list says what to do about it. */
export const Empty = ({ children }: { children: ReactNode }) => <p className="home-empty">{children}</p>;

/** "black-2" → "Black belt, 2. dan"; "none" → "No grade yet". */
export const gradeLabel = (g: string) =>
  g === 'none'
    ? 'No grade yet'
    : g.startsWith('black-')
      ? `Black belt, ${g.slice(6)}. dan`
      : `${g.charAt(0).toUpperCase()}${g.slice(1)} belt`;

/** Students by grade as a list whose bars are drawn by CSS; the numbers are the text. */
export function GradeBars({ grades }: { grades: readonly { grade: string; count: number }[] }) {
  const max = Math.max(1, ...grades.map((g) => g.count));
  if (!grades.length) return <Empty>No students yet. Students appear here once they register or an admin creates them.</Empty>;
  return (
    <ul className="home-grades">
      {grades.map((g) => (
        <li key={g.grade} className={`home-grade home-grade-${g.grade.split('-')[0]}`}>
          <span className="home-grade-name">{gradeLabel(g.grade)}</span>
          <span className="home-grade-bar" aria-hidden="true">
            <span style={{ width: `${(g.count / max) * 100}%` }} />
          </span>
          <span className="home-grade-count">{g.count}</span>
        </li>
      ))}
    </ul>
  );
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
