import type { SiteInfo } from '#web/components/site-info.ts';
import { TRIAL_HREF } from './links.ts';

export const DEFAULT_TAGLINE = 'Strength, focus and calm — karate for every age';

export function HomeHero({ site }: { site: SiteInfo }) {
  return (
    <section className="band-dark hero" aria-labelledby="hero-title">
      <div className="container hero-inner">
        <span className="eyebrow">Traditional karate · Kids, teens and adults</span>
        <h1 id="hero-title">{site.schoolName}</h1>
        <p className="hero-tagline">{site.tagline || DEFAULT_TAGLINE}</p>
        <p className="lead">
          Karate classes for every age and fitness level, taught by patient, certified instructors. Build confidence, discipline and
          friendships that last — your first class is free.
        </p>
        <div className="btn-row">
          <a className="btn btn-primary btn-lg" href={TRIAL_HREF}>
            Book a free trial class
          </a>
          <a className="btn btn-secondary btn-lg" href="/classes">
            See the timetable
          </a>
        </div>
        <ul className="hero-facts" aria-label="At a glance">
          <li>
            <strong>4+</strong> years old to start
          </li>
          <li>
            <strong>6</strong> days a week
          </li>
          <li>
            <strong>1st</strong> class free
          </li>
        </ul>
      </div>
    </section>
  );
}
