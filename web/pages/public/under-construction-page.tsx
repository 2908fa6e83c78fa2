import { SiteLayout } from '#web/components/site-layout.tsx';
import type { SiteInfo } from '#web/components/site-info.ts';

export const UNDER_CONSTRUCTION_PROGRESS = 65;

export type UnderConstructionProps = {
  title: string;
  message: string;
  /** Expected launch date, already validated: ISO date and its display form. */
  launch?: { iso: string; label: string };
  /** Where "Go Back" leads: the same-origin page the visitor came from, else the home page. */
  backHref: string;
  /** The school's settings for the header and footer. */
  site?: SiteInfo;
};

const FEATURES = [
  {
    title: 'Modern Design',
    text: 'A clean, accessible layout that works on every screen size.',
    icon: 'M4 5h16v4H4zM4 11h7v8H4zM13 11h7v8h-7z',
  },
  { title: 'Fast Performance', text: 'Pages that load in a blink, even on a slow mobile connection.', icon: 'M13 2 4 14h7l-1 8 9-12h-7z' },
  {
    title: 'Secure & Reliable',
    text: 'Your data protected with modern security, available when you need it.',
    icon: 'M12 2 4 5v6c0 5 3.4 9.3 8 11 4.6-1.7 8-6 8-11V5z',
  },
] as const;

/** The placeholder page of spec section 2; works entirely without JavaScript. */
export function UnderConstructionPage({ title, message, launch, backHref, site }: UnderConstructionProps) {
  const pct = UNDER_CONSTRUCTION_PROGRESS;
  return (
    <SiteLayout site={site}>
      <section className="section uc" aria-labelledby="uc-title">
        <div className="container uc-inner">
          <span className="badge uc-badge">Coming Soon</span>
          <h1 id="uc-title">{title}</h1>
          <p className="lead">{message}</p>
          {launch && (
            <p className="uc-launch">
              Expected launch: <time dateTime={launch.iso}>{launch.label}</time>
            </p>
          )}
          <div className="uc-progress">
            <div className="uc-progress-label">
              <span id="uc-progress-label">Development progress</span>
              <span aria-hidden="true">{`${pct}%`}</span>
            </div>
            <progress className="progress" value={pct} max={100} aria-labelledby="uc-progress-label">
              {`${pct}%`}
            </progress>
          </div>
          <ul className="grid uc-features" aria-label="What to expect">
            {FEATURES.map((f) => (
              <li className="card uc-feature" key={f.title}>
                <svg className="uc-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d={f.icon} />
                </svg>
                <h2>{f.title}</h2>
                <p className="muted">{f.text}</p>
              </li>
            ))}
          </ul>
          <div className="btn-row uc-actions">
            <a className="btn btn-secondary" href={backHref}>
              Go Back
            </a>
            <a className="btn btn-primary" href="/">
              Return to Homepage
            </a>
          </div>
        </div>
      </section>
    </SiteLayout>
  );
}
