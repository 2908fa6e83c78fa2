import { LEVELS } from '#core/catalog/catalog-options.ts';
import type { CourseDto } from '#core/catalog/types.ts';
import { readCourses } from '#web/lib/content-api.ts';
import { listParams } from '#web/panel/resource/call.ts';
import { ResourceScreen } from '#web/panel/resource/resource-screen.tsx';
import { Loading } from '#web/components/loading.tsx';
import { useShopConfig } from '#web/panel/admin/shop/shop-config.ts';
import type { Item, ResourceConfig } from '#web/panel/resource/types.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { capitalize, featuredToggle, IMAGE_RULES, money, options, text, yesNo } from './shared.tsx';
import { catalogSummary, toggleStatus } from './catalog-parts.ts';

type Course = CourseDto & Item;
const LEVEL_OPTIONS = options(LEVELS, (l) => (l === 'all' ? 'All levels' : capitalize(l)));

function price(c: Course) {
  if (c.discountPrice !== null && c.discountPrice !== undefined) {
    return (
      <>
        <span className="price-now">{money(c.discountPrice)}</span> <s className="muted">{money(c.price)}</s>
      </>
    );
  }
  return money(c.price);
}

export const coursesConfig: ResourceConfig<Course> = {
  key: 'courses',
  title: 'Courses',
  singular: 'course',
  plural: 'courses',
  endpoint: '/courses',
  pageSize: 20,
  settled: true,
  read: (q, limit, signal) => readCourses<Course>({ admin: true, query: listParams(q, limit), signal }),
  search: 'Search by title or description',
  filters: [
    yesNo('isActive', 'Status', 'Active', 'Inactive'),
    yesNo('featured', 'Featured', 'Featured', 'Not featured'),
    { name: 'level', label: 'Level', options: LEVEL_OPTIONS },
  ],
  columns: [
    { label: 'Category', render: (c) => text(c.category) },
    { label: 'Level', render: (c) => LEVEL_OPTIONS.find((o) => o.value === c.level)?.label ?? c.level },
    { label: 'Price', render: price, className: 'cell-number cell-price' },
  ],
  nameOf: (c) => c.title,
  thumbnail: (c) => c.image,
  summary: catalogSummary('Courses'),
  toggles: [toggleStatus('/courses'), featuredToggle('/courses')],
  bulkDelete: { path: '/courses', method: 'DELETE', idsKey: 'courseIds' },
  fields: [
    { name: 'title', label: 'Title', type: 'text', required: true, maxLength: 200 },
    { name: 'slug', label: 'Slug', type: 'text', maxLength: 80, hint: 'Part of the course address; made from the title when left empty.' },
    {
      name: 'shortDescription',
      section: 'About the course',
      label: 'Short description',
      type: 'textarea',
      rows: 2,
      maxLength: 300,
      blank: 'null',
    },
    { name: 'description', label: 'Description', type: 'textarea', rows: 6, maxLength: 10_000, blank: 'null' },
    { name: 'category', label: 'Category', type: 'text', maxLength: 60, blank: 'null' },
    { name: 'level', label: 'Level', type: 'select', options: LEVEL_OPTIONS, required: true, defaultValue: 'all' },
    { name: 'instructorName', label: 'Instructor', type: 'text', maxLength: 120, blank: 'null' },
    { name: 'price', section: 'Price and schedule', label: 'Price', type: 'money', required: true, max: 999_999.99, defaultValue: '0' },
    {
      name: 'discountPrice',
      label: 'Discount price',
      type: 'money',
      max: 999_999.99,
      blank: 'null',
      hint: 'Charged instead of the price when set.',
    },
    {
      name: 'gstRate',
      label: 'GST rate (%)',
      type: 'number',
      min: 0,
      max: 100,
      step: 0.01,
      defaultValue: '0',
      hint: 'Added to an enrolment after any coupon.',
    },
    {
      name: 'currency',
      label: 'Currency',
      type: 'text',
      maxLength: 3,
      placeholder: 'CAD',
      hint: 'A 3-letter code; the site currency when empty.',
    },
    { name: 'durationWeeks', label: 'Duration (weeks)', type: 'number', min: 1, max: 520, blank: 'null' },
    { name: 'sessionsPerWeek', label: 'Sessions per week', type: 'number', min: 1, max: 14, blank: 'null' },
    { name: 'capacity', label: 'Capacity', type: 'number', min: 1, max: 100_000, blank: 'null' },
    { name: 'ageGroup', label: 'Age group', type: 'text', maxLength: 60, blank: 'null' },
    { name: 'schedule', label: 'Schedule', type: 'textarea', rows: 2, maxLength: 500, blank: 'null' },
    { name: 'prerequisites', label: 'Prerequisites', type: 'textarea', rows: 2, maxLength: 2000, blank: 'null' },
    { name: 'highlights', label: 'Highlights', type: 'list', maxItems: 30 },
    {
      name: 'image',
      section: 'Picture and visibility',
      label: 'Image',
      type: 'image',
      rules: IMAGE_RULES,
      preview: (c) => c.image as string | null,
      removeFlag: 'removeImage',
    },
    { name: 'isActive', label: 'Active (shown on the website)', type: 'checkbox', defaultValue: true },
    { name: 'featured', label: 'Featured on the home page', type: 'checkbox', defaultValue: false },
  ],
};

export default function CoursesScreen(props: PanelScreenProps) {
  const config = useShopConfig(coursesConfig);
  return config ? <ResourceScreen config={config} base={props.base} path={props.path} /> : <Loading label="Loading..." />;
}
