import { formatMoney, toCents } from '#core/money.ts';
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES, IMAGE_MIME_TYPES, UPLOAD_MESSAGES } from '#core/media/limits.ts';
import type { SendRequest } from '#web/lib/content-api.ts';
import { idPath } from '#web/panel/resource/call.ts';
import type { FilterDef, Item, Option, ToggleDef, UploadRules } from '#web/panel/resource/types.ts';
import { upperFirst } from '#web/components/format.ts';
import { SchoolTime } from '#web/components/school-zone.tsx';

/** Spec 5 image rules (JPEG, PNG, WebP up to 5 MB), checked here before the server checks the bytes. */
export const IMAGE_RULES: UploadRules = {
  accept: IMAGE_ACCEPT,
  types: IMAGE_MIME_TYPES,
  typeMessage: UPLOAD_MESSAGES.imageType,
  maxBytes: IMAGE_MAX_BYTES,
  tooLargeMessage: UPLOAD_MESSAGES.imageTooLarge,
};

export const options = (values: readonly string[], label: (v: string) => string = capitalize): Option[] =>
  values.map((value) => ({ value, label: label(value) }));
export const capitalize = (s: string) => upperFirst(s.replace(/-/g, ' '));

export const yesNo = (name: string, label: string, yes: string, no: string): FilterDef => ({
  name,
  label,
  options: [
    { value: 'true', label: yes },
    { value: 'false', label: no },
  ],
});

export const money = (amount: unknown, symbol = '$') => (typeof amount === 'number' ? formatMoney(toCents(amount), symbol) : '—');

export const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : <span className="muted">—</span>);

export function dateTime(iso: unknown) {
  if (typeof iso !== 'string') return <span className="muted">—</span>;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return <span className="muted">—</span>;
  return <SchoolTime iso={iso} />;
}

export const str = (item: Item, key: string) => (typeof item[key] === 'string' ? (item[key] as string) : '');

/** A flag flipped with a PUT of the flag alone (where the API has no call of its own for it). */
export const putToggle = (endpoint: string, field: string, on: string, off: string, actionOn: string, actionOff: string): ToggleDef => ({
  field,
  on,
  off,
  action: (isOn) => (isOn ? actionOff : actionOn),
  request: (item, isOn): SendRequest => ({ path: idPath(endpoint, item._id), method: 'PUT', body: { [field]: !isOn } }),
});

export const activeToggle = (endpoint: string) => putToggle(endpoint, 'isActive', 'Active', 'Inactive', 'Activate', 'Deactivate');
export const featuredToggle = (endpoint: string) => putToggle(endpoint, 'featured', 'Featured', 'Not featured', 'Feature', 'Unfeature');

/** Events and seminars: the API's `when` (upcoming and ongoing by default for events). */
export const WHEN_FILTER: FilterDef = {
  name: 'when',
  label: 'When',
  allLabel: 'Upcoming and ongoing',
  options: [
    { value: 'past', label: 'Past' },
    { value: 'all', label: 'All dates' },
  ],
};
