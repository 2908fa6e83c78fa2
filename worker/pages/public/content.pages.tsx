import { Hono } from 'hono';
import { absoluteUrl } from '#web/components/safe-url.ts';
import { AboutPage } from '#web/pages/public/about-page.tsx';
import { BlogPage } from '#web/pages/public/blog-page.tsx';
import { ClassesPage } from '#web/pages/public/classes-page.tsx';
import { AlliancesPage, TestimonialsPage } from '#web/pages/public/community-pages.tsx';
import { CoursePage } from '#web/pages/public/course-page.tsx';
import { CoursesPage } from '#web/pages/public/courses-page.tsx';
import { EventPage } from '#web/pages/public/event-page.tsx';
import { EventsPage } from '#web/pages/public/events-page.tsx';
import { GalleryPage } from '#web/pages/public/gallery-page.tsx';
import { MembershipsPage } from '#web/pages/public/memberships-page.tsx';
import { chosenPlan } from './chosen-plan.ts';
import { PostPage } from '#web/pages/public/post-page.tsx';
import { courseHref, eventHref, postHref } from '#web/pages/public/links.ts';
import { pageHref } from '#web/components/pager.tsx';
import { formatRange } from '#web/components/format.ts';
import type { AppEnv } from '#worker/env.ts';
import { courseFilters, loadClasses, loadCourse, loadCourses, loadMemberships } from './loaders/catalog.ts';
import { loadEvent, loadEvents } from './loaders/events.ts';
import { loadAbout, loadAlliances, loadBlog, loadGallery, loadPost, loadTestimonials } from './loaders/media.ts';
import { renderNotFound } from './not-found.tsx';
import { describe, renderPublic } from './render-public.tsx';
import { pageParam, siteOrigin } from './site.ts';

/** A link preview's picture: platforms show JPEG, PNG, GIF or WebP only, so an SVG drawing gives none (a text card). */
const previewImage = (src: string | null, origin: string) => (src && /\.svg$/i.test(src) ? undefined : absoluteUrl(src, origin));

/** A page past the last one of a list is not a page. */
const beyond = (p: { page: number; totalPages: number }) => p.page > p.totalPages;

/** The content pages of the public site, each read from the database in one batch. */
export const contentPages = new Hono<AppEnv>()
  .get('/about', async (c) => {
    const data = await loadAbout(c.var.ctx);
    return renderPublic(c, data.site, <AboutPage {...data} />, {
      title: 'About us',
      description: `About ${data.site.schoolName}: a traditional karate school for children, teens and adults, its instructors and its organization.`,
    });
  })
  .get('/courses', async (c) => {
    const filters = courseFilters({ category: c.req.query('category'), level: c.req.query('level') });
    const page = pageParam(c);
    const data = await loadCourses(c.var.ctx, filters, page);
    if (page > 1 && beyond(data.pagination)) return renderNotFound(c, data.site);
    return renderPublic(c, data.site, <CoursesPage {...data} filters={filters} />, {
      title: page > 1 ? `Courses, page ${page}` : 'Courses',
      description: `Karate courses at ${data.site.schoolName}: fundamentals, kata, self-defence and more, for beginners to black belts. Prices and enrolment online.`,
      path: pageHref('/courses', {}, page),
    });
  })
  .get('/courses/:slug', async (c) => {
    const data = await loadCourse(c.var.ctx, c.req.param('slug'));
    if (!data.course) return renderNotFound(c, data.site);
    const { course } = data;
    return renderPublic(c, data.site, <CoursePage site={data.site} course={course} />, {
      title: course.title,
      description: describe(
        course.shortDescription ?? course.description,
        `${course.title}: a karate course at ${data.site.schoolName}. See the schedule, price and how to enrol.`,
      ),
      path: courseHref(course.slug),
      ogImage: previewImage(course.image, siteOrigin(c)),
    });
  })
  .get('/memberships', async (c) => {
    const data = await loadMemberships(c.var.ctx);
    const chosen = chosenPlan(data.memberships, c.req.query('plan'), c.req.query('purchase') === '1');
    return renderPublic(c, data.site, <MembershipsPage {...data} chosen={chosen} />, {
      title: 'Memberships',
      description: `Membership plans at ${data.site.schoolName}: regular classes, gradings and the dojo community, monthly or yearly.`,
    });
  })
  .get('/classes', async (c) => {
    const data = await loadClasses(c.var.ctx);
    return renderPublic(c, data.site, <ClassesPage {...data} />, {
      title: 'Class timetable',
      description: `The weekly class timetable of ${data.site.schoolName}: karate classes for kids, teens and adults, day by day, with levels and instructors.`,
    });
  })
  .get('/events', async (c) => {
    const data = await loadEvents(c.var.ctx);
    return renderPublic(c, data.site, <EventsPage {...data} />, {
      title: 'Events and seminars',
      description: `Upcoming gradings, tournaments, seminars and open days at ${data.site.schoolName}, and a look back at past events.`,
    });
  })
  .get('/events/:id', async (c) => {
    const data = await loadEvent(c.var.ctx, c.req.param('id'));
    if (!data.item) return renderNotFound(c, data.site);
    const { item } = data;
    return renderPublic(c, data.site, <EventPage site={data.site} item={item} now={new Date().toISOString()} />, {
      title: item.title,
      description: describe(
        item.description,
        `${item.title} — ${formatRange(item.startsAt, item.endsAt, data.site.timeZone)}${item.location ? `, ${item.location}` : ''}. ${item.label} at ${data.site.schoolName}.`,
      ),
      path: eventHref(item._id),
      ogImage: previewImage(item.image, siteOrigin(c)),
    });
  })
  .get('/gallery', async (c) => {
    const page = pageParam(c);
    const data = await loadGallery(c.var.ctx, page);
    if (page > 1 && beyond(data.pagination)) return renderNotFound(c, data.site);
    return renderPublic(c, data.site, <GalleryPage {...data} />, {
      title: page > 1 ? `Gallery, page ${page}` : 'Gallery',
      description: `Photos and videos from classes, gradings, tournaments and seminars at ${data.site.schoolName}.`,
      path: pageHref('/gallery', {}, page),
    });
  })
  .get('/blog', async (c) => {
    const page = pageParam(c);
    const data = await loadBlog(c.var.ctx, page);
    if (page > 1 && beyond(data.pagination)) return renderNotFound(c, data.site);
    return renderPublic(c, data.site, <BlogPage {...data} />, {
      title: page > 1 ? `Blog, page ${page}` : 'Blog',
      description: `News from ${data.site.schoolName}: grading results, training tips, event reports and announcements.`,
      path: pageHref('/blog', {}, page),
    });
  })
  .get('/blog/:slug', async (c) => {
    const data = await loadPost(c.var.ctx, c.req.param('slug'));
    if (!data.post) return renderNotFound(c, data.site);
    const { post } = data;
    return renderPublic(c, data.site, <PostPage site={data.site} post={post} />, {
      title: post.title,
      description: describe(
        post.excerpt || post.body,
        `${post.title} — news from ${data.site.schoolName}. Read the full post on our blog.`,
      ),
      path: postHref(post.slug),
      ogType: 'article',
      ogImage: previewImage(post.coverImage, siteOrigin(c)),
    });
  })
  .get('/testimonials', async (c) => {
    const page = pageParam(c);
    const data = await loadTestimonials(c.var.ctx, page);
    if (page > 1 && beyond(data.pagination)) return renderNotFound(c, data.site);
    return renderPublic(c, data.site, <TestimonialsPage {...data} />, {
      title: 'Testimonials',
      description: `What students and parents say about training at ${data.site.schoolName}: confidence, fitness, friendship and respect.`,
      path: pageHref('/testimonials', {}, page),
    });
  })
  .get('/alliances', async (c) => {
    const data = await loadAlliances(c.var.ctx);
    return renderPublic(c, data.site, <AlliancesPage {...data} />, {
      title: 'Alliances',
      description: `The karate schools and federations ${data.site.schoolName} trains, grades and competes with.`,
    });
  });
