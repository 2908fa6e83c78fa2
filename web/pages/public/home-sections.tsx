import type { ReactNode } from 'react';
import { EmptyState } from '#web/components/page-head.tsx';
import { AllianceCard } from './alliance-card.tsx';
import { CourseCard } from './course-card.tsx';
import { PostCard } from './post-card.tsx';
import { QuoteCard } from './quote-card.tsx';
import { ScheduleList } from './schedule-list.tsx';
import type { AllianceView, CourseDto, PostSummaryView, ScheduleItem, TestimonialView } from './view-types.ts';

type SectionProps = {
  id: string;
  eyebrow: string;
  title: string;
  alt?: boolean;
  more?: { href: string; label: string };
  children: ReactNode;
};

function Section({ id, eyebrow, title, alt, more, children }: SectionProps) {
  return (
    <section className={alt ? 'section section-alt' : 'section'} id={id} aria-labelledby={`${id}-title`}>
      <div className="container">
        <div className="section-head">
          <span className="eyebrow">{eyebrow}</span>
          <h2 id={`${id}-title`}>{title}</h2>
        </div>
        {children}
        {more && (
          <p className="section-more">
            <a href={more.href}>{more.label}</a>
          </p>
        )}
      </div>
    </section>
  );
}

export function HomeCourses({ courses }: { courses: readonly CourseDto[] }) {
  return (
    <Section id="courses" eyebrow="Featured courses" title="Start with a course" more={{ href: '/courses', label: 'Browse all courses' }}>
      {courses.length ? (
        <div className="grid">
          {courses.map((c) => (
            <CourseCard key={c._id} course={c} />
          ))}
        </div>
      ) : (
        <EmptyState>New courses are being prepared. Check back soon, or ask us about private lessons.</EmptyState>
      )}
    </Section>
  );
}

export function HomeEvents({ events, zone }: { events: readonly ScheduleItem[]; zone: string }) {
  return (
    <Section
      id="events"
      eyebrow="Upcoming events"
      title="What's on at the dojo"
      alt
      more={{ href: '/events', label: 'All events and seminars' }}
    >
      {events.length ? (
        <ScheduleList items={events} zone={zone} />
      ) : (
        <EmptyState>No events are scheduled right now. Gradings and seminars are announced here.</EmptyState>
      )}
    </Section>
  );
}

export function HomeTestimonials({ testimonials }: { testimonials: readonly TestimonialView[] }) {
  if (!testimonials.length) return null;
  return (
    <Section
      id="testimonials"
      eyebrow="Testimonials"
      title="What our students say"
      more={{ href: '/testimonials', label: 'Read more testimonials' }}
    >
      <div className="grid">
        {testimonials.map((t) => (
          <QuoteCard key={t._id} t={t} />
        ))}
      </div>
    </Section>
  );
}

export function HomePosts({ posts, zone }: { posts: readonly PostSummaryView[]; zone: string }) {
  if (!posts.length) return null;
  return (
    <Section id="news" eyebrow="From the blog" title="Latest news" alt more={{ href: '/blog', label: 'Visit the blog' }}>
      <div className="grid">
        {posts.map((p) => (
          <PostCard key={p._id} post={p} zone={zone} />
        ))}
      </div>
    </Section>
  );
}

export function HomeAlliances({ alliances }: { alliances: readonly AllianceView[] }) {
  if (!alliances.length) return null;
  return (
    <Section id="alliances" eyebrow="Alliances" title="Training together" more={{ href: '/alliances', label: 'All our partners' }}>
      <ul className="alliance-strip">
        {alliances.map((a) => (
          <AllianceCard key={a._id} a={a} />
        ))}
      </ul>
    </Section>
  );
}
