import { ResourceScreen } from '#web/panel/resource/resource-screen.tsx';
import { apiReader, idPath } from '#web/panel/resource/call.ts';
import type { ResourceConfig } from '#web/panel/resource/types.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { IMAGE_RULES, str, text, yesNo } from './shared.tsx';

/** The spec's client spells the path /allience; activation has its own two calls. */
export const alliancesConfig: ResourceConfig = {
  key: 'alliances',
  title: 'Alliances',
  singular: 'alliance',
  plural: 'alliances',
  endpoint: '/allience',
  pageSize: 50,
  read: apiReader('/allience/admin', 'Failed to fetch alliances'),
  search: 'Search by name',
  filters: [yesNo('isActive', 'Status', 'Active', 'Inactive')],
  columns: [
    { label: 'Country', render: (a) => text(a.country) },
    {
      label: 'Website',
      render: (a) =>
        str(a, 'website') ? (
          <a href={str(a, 'website')} target="_blank" rel="noopener noreferrer">
            {str(a, 'website').replace(/^https?:\/\//, '')}
          </a>
        ) : (
          text(null)
        ),
    },
  ],
  nameOf: (a) => str(a, 'name'),
  thumbnail: (a) => str(a, 'logo') || null,
  toggles: [
    {
      field: 'isActive',
      on: 'Active',
      off: 'Inactive',
      action: (on) => (on ? 'Deactivate' : 'Activate'),
      request: (a, on) => ({ path: `${idPath('/allience', a._id)}/${on ? 'deactivate' : 'activate'}`, method: 'PATCH' }),
    },
  ],
  bulkDelete: { path: '/allience', method: 'DELETE', idsKey: 'allienceIds' },
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true, maxLength: 150 },
    { name: 'website', label: 'Website', type: 'url', blank: 'null', placeholder: 'https://' },
    { name: 'country', label: 'Country', type: 'text', maxLength: 100, blank: 'empty' },
    { name: 'description', label: 'Description', type: 'textarea', maxLength: 2000, blank: 'empty' },
    { name: 'logo', label: 'Logo', type: 'image', rules: IMAGE_RULES, preview: (a) => str(a, 'logo'), removeFlag: 'removeLogo' },
    { name: 'isActive', label: 'Active (shown on the website)', type: 'checkbox', defaultValue: true },
  ],
};

export default function AlliancesScreen(props: PanelScreenProps) {
  return <ResourceScreen config={alliancesConfig} base={props.base} path={props.path} />;
}
