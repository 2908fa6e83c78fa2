import { LEVEL_LABELS } from '#web/components/format.ts';
import { SelectField } from '#web/components/form-kit.tsx';
import { FilterActions, ResultsCount } from '#web/components/list-filters.tsx';
import { EmptyState, PageHead } from '#web/components/page-head.tsx';
import { Pager, pageHref } from '#web/components/pager.tsx';
import { SiteLayout } from '#web/components/site-layout.tsx';
import type { SiteInfo } from '#web/components/site-info.ts';
import { CourseCard } from './course-card.tsx';
import type { CourseDto } from './view-types.ts';

const LEVEL_OPTIONS = Object.entries(LEVEL_LABELS)
  .filter(([value]) => value !== 'all')
  .map(([value, label]) => ({ value, label }));

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
            <SelectField
              id="filter-category"
              name="category"
              label="Category"
              allLabel="All categories"
              options={categories.map((c) => ({ value: c, label: c }))}
              defaultValue={filters.category ?? ''}
            />
            <SelectField
              id="filter-level"
              name="level"
              label="Level"
              allLabel="All levels"
              options={LEVEL_OPTIONS}
              defaultValue={filters.level ?? ''}
            />
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
