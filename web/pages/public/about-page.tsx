import { PageHead } from '#web/components/page-head.tsx';
import { safeHref } from '#web/components/safe-url.ts';
import { SiteLayout } from '#web/components/site-layout.tsx';
import type { SiteInfo } from '#web/components/site-info.ts';
import { describeImage } from '#web/components/illustrations.ts';
import { TEACH_HREF, TRIAL_HREF } from './links.ts';
import type { ChartView, TeacherView } from './view-types.ts';

const PILLARS = [
  {
    title: 'Tradition',
    text: 'We teach a traditional syllabus of kihon, kata and kumite, graded belt by belt as it has been for generations.',
  },
  {
    title: 'Patience',
    text: 'Classes are small and instructors certified; every student progresses at their own pace, from four years old to seventy.',
  },
  {
    title: 'Community',
    text: 'Families train side by side, seniors help juniors, and gradings, seminars and socials bring everyone together.',
  },
] as const;

/** The school, its teachers and its organizational chart(s). */
export function AboutPage({
  site,
  charts,
  teachers = [],
}: {
  site: SiteInfo;
  charts: readonly ChartView[];
  teachers?: readonly TeacherView[];
}) {
  const shown = charts.filter((c) => safeHref(c.src));
  return (
    <SiteLayout current="/about" site={site}>
      <PageHead
        eyebrow="About us"
        title={`About ${site.schoolName}`}
        lead={site.tagline || 'A traditional karate school for children, teens and adults.'}
      />
      <section className="section" aria-labelledby="story-title">
        <div className="container">
          <div className="prose">
            <h2 id="story-title">Our dojo</h2>
            <p>
              {`${site.schoolName} is a place to learn karate the traditional way: with respect, discipline and care. Our instructors hold recognised black-belt grades and coaching certificates, and they teach every class themselves.`}
            </p>
            <p>
              Whether you want to get fit, learn to defend yourself, prepare for competition or simply try something new, there is a class
              for you. Your first class is free.
            </p>
          </div>
          <ul className="grid value-list about-pillars">
            {PILLARS.map((p) => (
              <li key={p.title}>
                <h3>{p.title}</h3>
                <p className="muted">{p.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      {teachers.length > 0 && <Teachers teachers={teachers} />}
      {shown.length > 0 && (
        <section className="section section-alt" aria-labelledby="org-title">
          <div className="container">
            <div className="section-head">
              <span className="eyebrow">Organization</span>
              <h2 id="org-title">Organizational chart</h2>
              <p className="lead">Who leads the school, its instructors and its programmes.</p>
            </div>
            <div className="charts">
              {shown.map((c) => (
                <figure className="card chart" key={c._id}>
                  <a href={safeHref(c.src) ?? undefined}>
                    <img
                      src={safeHref(c.src) ?? undefined}
                      alt={c.alt}
                      width={c.width ?? 1200}
                      height={c.height ?? 800}
                      loading="lazy"
                      decoding="async"
                    />
                  </a>
                  <figcaption>
                    <strong>{c.title}</strong>
                    {c.description && <span className="muted">{c.description}</span>}
                  </figcaption>
                </figure>
              ))}
            </div>
          </div>
        </section>
      )}
      <section className="band-dark cta-band" aria-labelledby="about-cta">
        <div className="container">
          <h2 id="about-cta">Come and train with us</h2>
          <p className="lead">Meet the instructors and try a class — no experience or uniform needed.</p>
          <div className="btn-row btn-row-center">
            <a className="btn btn-primary btn-lg" href={TRIAL_HREF}>
              Book a free trial class
            </a>
            <a className="btn btn-secondary btn-lg" href="/memberships">
              See memberships
            </a>
          </div>
          <p className="about-teach">
            Already a black belt? <a href={TEACH_HREF}>Teach at the dojo</a>.
          </p>
        </div>
      </section>
    </SiteLayout>
  );
}

function Teachers({ teachers }: { teachers: readonly TeacherView[] }) {
  return (
    <section className="section" aria-labelledby="teachers-title">
      <div className="container">
        <div className="section-head">
          <span className="eyebrow">Instructors</span>
          <h2 id="teachers-title">Who teaches here</h2>
        </div>
        <ul className="grid teacher-list">
          {teachers.map((t) => {
            const photo = safeHref(t.photo);
            return (
              <li className="card teacher-card" key={t._id}>
                {photo ? (
                  <img
                    className="teacher-photo"
                    src={photo}
                    alt={describeImage(photo, `Portrait of ${t.name}`)}
                    width={160}
                    height={160}
                    loading="lazy"
                    decoding="async"
                  />
                ) : (
                  <span className="teacher-photo teacher-initials" aria-hidden="true">
                    {t.name.charAt(0)}
                  </span>
                )}
                <h3>{t.name}</h3>
                <p className="muted">{t.title}</p>
                <p className="teacher-teaches">{`Teaches ${t.teaches.join(', ')}`}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
