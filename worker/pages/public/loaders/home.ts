import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { DEFAULT_FEATURED_LIMIT } from '#core/catalog/course-schemas.ts';
import { featuredCoursesQuery } from '#worker/features/courses/courses.queries.ts';
import { serializeCourse } from '#worker/features/courses/courses.serialize.ts';
import { eventsWhenQuery } from '#worker/features/events/events.read.ts';
import { seminarsWhenQuery } from '#worker/features/seminars/seminars.read.ts';
import { publicAlliancesQuery } from '#worker/features/alliances/alliances.queries.ts';
import { serializeAlliance } from '#worker/features/alliances/alliances.service.ts';
import { publicPostsQuery } from '#worker/features/posts/posts.queries.ts';
import { serializePostSummary } from '#worker/features/posts/posts.serialize.ts';
import { publicTestimonialsQuery } from '#worker/features/testimonials/testimonials.queries.ts';
import { serializeTestimonial } from '#worker/features/testimonials/testimonials.service.ts';
import { settingsQuery, siteDataOf } from '#worker/pages/public/site.ts';
import { mergeSchedule } from './schedule.ts';

export const HOME_LIMITS = { courses: DEFAULT_FEATURED_LIMIT, events: 3, testimonials: 3, alliances: 8, posts: 3 } as const;

/** Everything the home page shows, in one batch (7 statements, one round trip). */
export async function loadHome({ db }: ServiceCtx, now = new Date()) {
  const [settings, featured, eventRows, seminarRows, quotes, partners, postRows] = await db.batch([
    settingsQuery(db),
    featuredCoursesQuery(db, HOME_LIMITS.courses),
    eventsWhenQuery(db, 'upcoming', now, HOME_LIMITS.events),
    seminarsWhenQuery(db, 'upcoming', now, HOME_LIMITS.events),
    publicTestimonialsQuery(db, HOME_LIMITS.testimonials),
    publicAlliancesQuery(db, HOME_LIMITS.alliances),
    publicPostsQuery(db, now, HOME_LIMITS.posts),
  ]);
  return {
    ...siteDataOf(settings),
    courses: featured.map(serializeCourse),
    events: mergeSchedule(eventRows, seminarRows, 'asc', HOME_LIMITS.events),
    testimonials: quotes.map(serializeTestimonial),
    alliances: partners.map(serializeAlliance),
    posts: postRows.map(serializePostSummary),
  };
}
