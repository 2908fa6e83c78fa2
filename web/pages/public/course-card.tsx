import { levelLabel } from '#web/components/format.ts';
import { Price } from '#web/components/price.tsx';
import { safeHref } from '#web/components/safe-url.ts';
import { courseHref } from './links.ts';
import type { CourseDto } from './view-types.ts';

type Props = { course: CourseDto; headingLevel?: 'h2' | 'h3'; eager?: boolean };

/** A course in a grid: picture, title (the link), level, length and the price per spec 9. */
export function CourseCard({ course, headingLevel: H = 'h3', eager = false }: Props) {
  const image = safeHref(course.image);
  const facts = [
    course.category,
    course.durationWeeks ? `${course.durationWeeks} weeks` : null,
    course.ageGroup ? `Ages ${course.ageGroup}` : null,
  ].filter(Boolean);
  return (
    <article className="card course-card">
      {image ? (
        <img
          className="card-media"
          src={image}
          alt=""
          width={640}
          height={400}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding="async"
        />
      ) : (
        <div className="card-media card-media-empty" data-level={course.level} aria-hidden="true" />
      )}
      <span className="badge">{levelLabel(course.level)}</span>
      <H className="card-title">
        <a className="card-link" href={courseHref(course.slug)}>
          {course.title}
        </a>
      </H>
      {course.shortDescription && <p className="muted">{course.shortDescription}</p>}
      <div className="card-meta course-meta">
        {facts.length > 0 && <span className="muted">{facts.join(' · ')}</span>}
        <Price price={course.price} discountPrice={course.discountPrice} />
      </div>
    </article>
  );
}
