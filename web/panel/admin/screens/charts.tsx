import { ResourceScreen } from '#web/panel/resource/resource-screen.tsx';
import { apiReader, idPath } from '#web/panel/resource/call.ts';
import type { ResourceConfig } from '#web/panel/resource/types.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { IMAGE_RULES, str, text, yesNo } from './shared.tsx';

/** Spec 5 chart rules: title (200), alt text, description (1000), a JPEG/PNG/WebP image up to 5 MB. */
export const chartsConfig: ResourceConfig = {
  key: 'organizational-chart',
  title: 'Organizational chart',
  singular: 'chart',
  plural: 'charts',
  endpoint: '/organizational-chart',
  pageSize: 50,
  read: apiReader('/organizational-chart', 'Failed to fetch charts'),
  search: false,
  filters: [yesNo('featured', 'Featured', 'Featured', 'Not featured')],
  columns: [
    { label: 'Alt text', render: (c) => text(c.alt) },
    { label: 'Size', render: (c) => (c.width ? `${c.width}×${c.height}` : '—') },
  ],
  nameOf: (c) => str(c, 'title'),
  thumbnail: (c) => str(c, 'src') || null,
  toggles: [
    {
      field: 'featured',
      on: 'Featured',
      off: 'Not featured',
      action: (on) => (on ? 'Unfeature' : 'Feature'),
      request: (c, on) => ({ path: `${idPath('/organizational-chart', c._id)}/featured`, method: 'PATCH', body: { featured: !on } }),
    },
  ],
  bulkDelete: { path: '/organizational-chart/bulk', method: 'DELETE', idsKey: 'chartIds' },
  fields: [
    { name: 'title', label: 'Title', type: 'text', required: true, maxLength: 200 },
    {
      name: 'alt',
      label: 'Alt text',
      type: 'text',
      required: true,
      maxLength: 300,
      hint: 'Describes the chart for people who cannot see it.',
    },
    { name: 'description', label: 'Description', type: 'textarea', maxLength: 1000, blank: 'empty' },
    {
      name: 'src',
      label: 'Image',
      type: 'image',
      required: true,
      requiredMessage: 'Image file is required',
      rules: IMAGE_RULES,
      preview: (c) => str(c, 'src'),
    },
    { name: 'featured', label: 'Featured', type: 'checkbox', defaultValue: false },
  ],
};

export default function ChartsScreen(props: PanelScreenProps) {
  return <ResourceScreen config={chartsConfig} base={props.base} path={props.path} />;
}
