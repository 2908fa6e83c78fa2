import { Island } from '#web/components/island.tsx';
import EnrollCourse from '#web/islands/EnrollCourse.tsx';
import { levelLabel } from '#web/components/format.ts';
import { CoverImage } from '#web/components/cover-image.tsx';
import { PageHead } from '#web/components/page-head.tsx';
import { Price } from '#web/components/price.tsx';
import { safeHref } from '#web/components/safe-url.ts';
import { SiteLayout } from '#web/components/site-layout.tsx';
import type { SiteInfo } from '#web/components/site-info.ts';
import { TextBlocks } from '#web/components/text-blocks.tsx';
import type { CourseDto } from './view-types.ts';

/** One course: what it is, who it is for, when, the price, and the call to enrol. */
export function CoursePage({ site, course }: { site: SiteInfo; course: CourseDto }) {
  const image = safeHref(course.image);
  const facts: [string, string][] = [
    ['Level', levelLabel(course.level)],
    ...(course.category ? [['Category', course.category] as [string, string]] : []),
    ...(course.ageGroup ? [['Ages', course.ageGroup] as [string, string]] : []),
    ...(course.durationWeeks ? [['Length', `${course.durationWeeks} weeks`] as [string, string]] : []),
    ...(course.sessionsPerWeek ? [['Sessions', `${course.sessionsPerWeek} per week`] as [string, string]] : []),
    ...(course.schedule ? [['Schedule', course.schedule] as [string, string]] : []),
    ...(course.instructorName ? [['Instructor', course.instructorName] as [string, string]] : []),
    ...(course.capacity ? [['Places', `${course.capacity}`] as [string, string]] : []),
  ];
  return (
    <SiteLayout current="/courses" site={site}>
      <PageHead crumb={{ href: '/courses', label: 'Courses' }} title={course.title} lead={course.shortDescription} />
      <div className="section">
        <div className="container detail-layout">
          <div className="detail-main prose">
            {image && <CoverImage src={image} name={course.title} />}
            {course.description ? (
              <TextBlocks text={course.description} />
            ) : (
              <p>{course.shortDescription ?? 'Details of this course are coming soon.'}</p>
            )}
            {course.highlights.length > 0 && (
              <>
                <h2>What you will learn</h2>
                <ul>
                  {course.highlights.map((h, i) => (
                    <li key={i}>{h}</li>
                  ))}
                </ul>
              </>
            )}
            {course.prerequisites && (
              <>
                <h2>Before you start</h2>
                <p>{course.prerequisites}</p>
              </>
            )}
          </div>
          <aside className="card detail-aside" aria-label="Enrolment">
            <p className="detail-price">
              <Price price={course.price} discountPrice={course.discountPrice} />
              <span className="muted">{` ${course.currency}`}</span>
            </p>
            <dl className="detail-facts">
              {facts.map(([k, v]) => (
                <div key={k}>
                  <dt>{k}</dt>
                  <dd>{v}</dd>
                </div>
              ))}
            </dl>
            <Island
              name="EnrollCourse"
              component={EnrollCourse}
              props={{ courseId: course._id, slug: course.slug, title: course.title }}
              hydrate="load"
            />
          </aside>
        </div>
      </div>
    </SiteLayout>
  );
}
