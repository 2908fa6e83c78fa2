import { EVENT_CATEGORIES } from '#core/catalog/catalog-options.ts';
import type { EventDto } from '#core/catalog/types.ts';
import { readEvents } from '#web/lib/content-api.ts';
import { listParams } from '#web/panel/resource/call.ts';
import { ResourceScreen } from '#web/panel/resource/resource-screen.tsx';
import type { Item, ResourceConfig } from '#web/panel/resource/types.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { activeToggle, capitalize, dateTime, IMAGE_RULES, options, text, WHEN_FILTER, yesNo } from './shared.tsx';

type SchoolEvent = EventDto & Item;
const CATEGORY_OPTIONS = options(EVENT_CATEGORIES);

/** Events; their list is kept in the browser and shown when the API cannot be reached (spec 8). */
export const eventsConfig: ResourceConfig<SchoolEvent> = {
  key: 'events',
  title: 'Events',
  singular: 'event',
  plural: 'events',
  endpoint: '/events',
  pageSize: 20,
  read: (q, limit, signal) => readEvents<SchoolEvent>({ query: listParams(q, limit), signal }),
  search: 'Search by title or place',
  filters: [
    WHEN_FILTER,
    { name: 'category', label: 'Category', options: CATEGORY_OPTIONS },
    yesNo('isActive', 'Status', 'Active', 'Inactive'),
  ],
  columns: [
    { label: 'Starts', render: (e) => dateTime(e.startsAt) },
    { label: 'Category', render: (e) => capitalize(e.category) },
    { label: 'Location', render: (e) => text(e.location) },
  ],
  nameOf: (e) => e.title,
  thumbnail: (e) => e.image,
  toggles: [activeToggle('/events')],
  bulkDelete: { path: '/events', method: 'DELETE', idsKey: 'eventIds' },
  fields: [
    { name: 'title', label: 'Title', type: 'text', required: true, maxLength: 200 },
    { name: 'category', label: 'Category', type: 'select', options: CATEGORY_OPTIONS, required: true, defaultValue: 'other' },
    { name: 'startsAt', label: 'Starts', type: 'datetime', required: true, requiredMessage: 'Start date is required' },
    { name: 'endsAt', label: 'Ends', type: 'datetime', blank: 'null' },
    { name: 'location', label: 'Location', type: 'text', maxLength: 300, blank: 'null' },
    { name: 'registrationUrl', label: 'Registration link', type: 'url', blank: 'null', placeholder: 'https://' },
    { name: 'description', label: 'Description', type: 'textarea', maxLength: 10_000, blank: 'null' },
    {
      name: 'image',
      label: 'Image',
      type: 'image',
      rules: IMAGE_RULES,
      preview: (e) => e.image as string | null,
      removeFlag: 'removeImage',
    },
    { name: 'isActive', label: 'Active (shown on the website)', type: 'checkbox', defaultValue: true },
  ],
};

export default function EventsScreen(props: PanelScreenProps) {
  return <ResourceScreen config={eventsConfig} base={props.base} path={props.path} />;
}
