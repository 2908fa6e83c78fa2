import { LEVEL_LABELS } from '#web/components/format.ts';
import { FilterActions, ResultsCount } from '#web/components/list-filters.tsx';
import { EmptyState, PageHead } from '#web/components/page-head.tsx';
import { Pager, pageHref } from '#web/components/pager.tsx';
import { SiteLayout } from '#web/components/site-layout.tsx';
import type { SiteInfo } from '#web/components/site-info.ts';
import { CourseCard } from './course-card.tsx';
import type { CourseDto } from './view-types.ts';

export type CoursesData = {
  site: SiteInfo;
  courses: readonly CourseDto[];
  categories: readonly string[];
  filters: { category?: string | undefined; level?: string | undefined };
  pagination: { page: number; totalPages: number; total: number };
};

/** The course catalogue with a plain GET filter form (works without JavaScript). */
export function CoursesPage({ site, courses, categories, filters, pagination }: CoursesData) {
  const filtered = !!(filters.category || filters.level);
  const params = { category: filters.category, level: filters.level };
  return (
    <SiteLayout current="/courses" site={site}>
      <PageHead
        eyebrow="Courses"
        title="Karate courses"
        lead="Structured courses for beginners to black belts: fundamentals, kata, self-defence and more."
      />
      <div className="section">
        <div className="container">
          <form className="filters" method="get" action="/courses" aria-label="Filter courses">
            <div className="field">
              <label htmlFor="filter-category">Category</label>
              <select id="filter-category" name="category" defaultValue={filters.category ?? ''}>
                <option value="">All categories</option>
                {categories.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="filter-level">Level</label>
              <select id="filter-level" name="level" defaultValue={filters.level ?? ''}>
                <option value="">All levels</option>
                {Object.entries(LEVEL_LABELS)
                  .filter(([value]) => value !== 'all')
                  .map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
              </select>
            </div>
            <FilterActions submit="Filter" clearHref="/courses" showClear={filtered} />
          </form>
          <ResultsCount total={pagination.total} singular="course" plural="courses" />
          {courses.length ? (
            <div className="grid">
              {courses.map((c, i) => (
                <CourseCard key={c._id} course={c} headingLevel="h2" eager={i < 2} />
              ))}
            </div>
          ) : (
            <EmptyState>
              {filtered ? 'No course matches these filters. ' : 'No courses are open for enrolment right now. '}
              <a href="/contact">Ask us about upcoming courses</a>.
            </EmptyState>
          )}
          <Pager
            page={pagination.page}
            totalPages={pagination.totalPages}
            href={(p) => pageHref('/courses', params, p)}
            label="Course pages"
          />
        </div>
      </div>
    </SiteLayout>
  );
}
