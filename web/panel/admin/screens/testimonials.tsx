import { ResourceScreen } from '#web/panel/resource/resource-screen.tsx';
import { apiReader } from '#web/panel/resource/call.ts';
import type { ResourceConfig } from '#web/panel/resource/types.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { activeToggle, featuredToggle, IMAGE_RULES, str, text, yesNo } from './shared.tsx';

const RATINGS = [5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: `${'★'.repeat(n)} (${n})` }));

export const testimonialsConfig: ResourceConfig = {
  key: 'testimonials',
  title: 'Testimonials',
  singular: 'testimonial',
  plural: 'testimonials',
  endpoint: '/testimonials',
  pageSize: 20,
  read: apiReader('/testimonials', 'Failed to fetch testimonials'),
  search: false,
  filters: [yesNo('isActive', 'Status', 'Active', 'Inactive'), yesNo('featured', 'Featured', 'Featured', 'Not featured')],
  columns: [
    { label: 'Role', render: (t) => text(t.role) },
    { label: 'Quote', render: (t) => <span className="cell-clip">{str(t, 'quote')}</span> },
    {
      label: 'Rating',
      render: (t) => (typeof t.rating === 'number' ? <span aria-label={`${t.rating} of 5`}>{'★'.repeat(t.rating)}</span> : '—'),
    },
  ],
  nameOf: (t) => str(t, 'name'),
  thumbnail: (t) => str(t, 'photo') || null,
  toggles: [activeToggle('/testimonials'), featuredToggle('/testimonials')],
  bulkDelete: { path: '/testimonials/bulk-delete', method: 'POST', idsKey: 'testimonialIds' },
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true, maxLength: 100 },
    { name: 'role', label: 'Role', type: 'text', maxLength: 150, blank: 'empty', hint: 'For example “Parent of a student” or “2nd dan”.' },
    { name: 'quote', label: 'Quote', type: 'textarea', required: true, maxLength: 2000 },
    { name: 'rating', label: 'Rating', type: 'select', options: RATINGS },
    { name: 'photo', label: 'Photo', type: 'image', rules: IMAGE_RULES, preview: (t) => str(t, 'photo'), removeFlag: 'removePhoto' },
    { name: 'isActive', label: 'Active (shown on the website)', type: 'checkbox', defaultValue: true },
    { name: 'featured', label: 'Featured', type: 'checkbox', defaultValue: false },
  ],
};

export default function TestimonialsScreen(props: PanelScreenProps) {
  return <ResourceScreen config={testimonialsConfig} base={props.base} path={props.path} />;
}
