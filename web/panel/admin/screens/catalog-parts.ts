import type { ContentAnswer } from '#web/lib/content-api.ts';
import { idPath } from '#web/panel/resource/call.ts';
import type { Item, SummaryCard, ToggleDef } from '#web/panel/resource/types.ts';

type Counts = { total: number; active: number; inactive: number; featured: number };

/** Courses and memberships (the things people enrol in): the list answer's counts as the summary cards. */
export const catalogSummary =
  (plural: string) =>
  (answer: ContentAnswer<unknown>): SummaryCard[] => {
    const s = answer.summary as Counts | undefined;
    return s
      ? [
          { label: plural, value: s.total },
          { label: 'Active', value: s.active },
          { label: 'Inactive', value: s.inactive },
          { label: 'Featured', value: s.featured },
        ]
      : [];
  };

/** Active / inactive through the API's own `PATCH <endpoint>/<id>/toggle-status`. */
export const toggleStatus = (endpoint: string): ToggleDef => ({
  field: 'isActive',
  on: 'Active',
  off: 'Inactive',
  action: (on) => (on ? 'Deactivate' : 'Activate'),
  request: (item: Item) => ({ path: `${idPath(endpoint, item._id)}/toggle-status`, method: 'PATCH' }),
});
