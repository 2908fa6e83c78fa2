import { SiteLayout } from '#web/components/site-layout.tsx';
import { HomeClasses } from './home-classes.tsx';
import { HomeCourses } from './home-courses.tsx';
import { HomeEvents } from './home-events.tsx';
import { HomeHero } from './home-hero.tsx';
import { HomeTestimonials } from './home-testimonials.tsx';
import { HomeValues } from './home-values.tsx';
import { TRIAL_HREF } from './links.ts';

/** The school's landing page: server-rendered only, no island, no JavaScript. */
export function HomePage() {
  return (
    <SiteLayout current="/">
      <HomeHero />
      <HomeClasses />
      <HomeValues />
      <HomeCourses />
      <HomeEvents />
      <HomeTestimonials />
      <section className="band-dark cta-band" aria-labelledby="cta-title">
        <div className="container">
          <h2 id="cta-title">Your first class is on us</h2>
          <p className="lead">Come as you are: comfortable clothes, a bottle of water and an open mind.</p>
          <a className="btn btn-primary btn-lg" href={TRIAL_HREF}>
            Book a free trial class
          </a>
        </div>
      </section>
    </SiteLayout>
  );
}
