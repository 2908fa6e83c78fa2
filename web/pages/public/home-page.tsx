import { SiteLayout } from '#web/components/site-layout.tsx';
import type { SiteInfo } from '#web/components/site-info.ts';
import { HomeClasses } from './home-classes.tsx';
import { HomeHero } from './home-hero.tsx';
import { HomeAlliances, HomeCourses, HomeEvents, HomePosts, HomeTestimonials } from './home-sections.tsx';
import { HomeValues } from './home-values.tsx';
import { TRIAL_HREF } from './links.ts';
import type { AllianceView, CourseDto, PostSummaryView, ScheduleItem, TestimonialView } from './view-types.ts';

export type HomeData = {
  site: SiteInfo;
  courses: readonly CourseDto[];
  events: readonly ScheduleItem[];
  testimonials: readonly TestimonialView[];
  alliances: readonly AllianceView[];
  posts: readonly PostSummaryView[];
};

/** The school's landing page: server-rendered from the database, no island, no JavaScript. */
export function HomePage({ site, courses, events, testimonials, alliances, posts }: HomeData) {
  return (
    <SiteLayout current="/" site={site}>
      <HomeHero site={site} />
      <HomeCourses courses={courses} />
      <HomeEvents events={events} zone={site.timeZone} />
      <HomeClasses />
      <HomeValues />
      <HomeTestimonials testimonials={testimonials} />
      <HomePosts posts={posts} zone={site.timeZone} />
      <HomeAlliances alliances={alliances} />
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
