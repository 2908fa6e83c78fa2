import type { SeminarDto } from '#core/catalog/types.ts';
import { ResourceScreen } from '#web/panel/resource/resource-screen.tsx';
import { apiReader } from '#web/panel/resource/call.ts';
import type { Item, ResourceConfig } from '#web/panel/resource/types.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { activeToggle, dateTime, IMAGE_RULES, money, text, WHEN_FILTER, yesNo } from './shared.tsx';

type Seminar = SeminarDto & Item;

export const seminarsConfig: ResourceConfig<Seminar> = {
  key: 'seminars',
  title: 'Seminars',
  singular: 'seminar',
  plural: 'seminars',
  endpoint: '/seminars',
  pageSize: 20,
  read: apiReader<Seminar>('/seminars', 'Failed to fetch seminars'),
  search: 'Search by title or instructor',
  filters: [
    {
      ...WHEN_FILTER,
      allLabel: 'All dates',
      options: [
        { value: 'upcoming', label: 'Upcoming and ongoing' },
        { value: 'past', label: 'Past' },
      ],
    },
    yesNo('isActive', 'Status', 'Active', 'Inactive'),
  ],
  columns: [
    { label: 'Starts', render: (s) => dateTime(s.startsAt) },
    { label: 'Instructor', render: (s) => text(s.instructor) },
    { label: 'Price', render: (s) => money(s.price), className: 'cell-number' },
  ],
  nameOf: (s) => s.title,
  thumbnail: (s) => s.image,
  toggles: [activeToggle('/seminars')],
  bulkDelete: { path: '/seminars/bulk', method: 'DELETE', idsKey: 'seminarIds' },
  fields: [
    { name: 'title', label: 'Title', type: 'text', required: true, maxLength: 200 },
    { name: 'instructor', label: 'Instructor', type: 'text', maxLength: 120, blank: 'null' },
    { name: 'startsAt', label: 'Starts', type: 'datetime', required: true, requiredMessage: 'Start date is required' },
    { name: 'endsAt', label: 'Ends', type: 'datetime', blank: 'null' },
    { name: 'location', label: 'Location', type: 'text', maxLength: 300, blank: 'null' },
    { name: 'price', label: 'Price', type: 'money', max: 999_999.99, defaultValue: '0' },
    { name: 'currency', label: 'Currency', type: 'text', maxLength: 3, placeholder: 'CAD' },
    { name: 'capacity', label: 'Capacity', type: 'number', min: 1, max: 100_000, blank: 'null' },
    { name: 'description', label: 'Description', type: 'textarea', maxLength: 10_000, blank: 'null' },
    {
      name: 'image',
      label: 'Image',
      type: 'image',
      rules: IMAGE_RULES,
      preview: (s) => s.image as string | null,
      removeFlag: 'removeImage',
    },
    { name: 'isActive', label: 'Active (shown on the website)', type: 'checkbox', defaultValue: true },
  ],
};

export default function SeminarsScreen(props: PanelScreenProps) {
  return <ResourceScreen config={seminarsConfig} base={props.base} path={props.path} />;
}
