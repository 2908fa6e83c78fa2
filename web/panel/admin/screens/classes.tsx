import { DAY_NAMES, LEVELS } from '#core/catalog/catalog-options.ts';
import { useEffect, useMemo, useState } from 'react';
import type { ClassDto } from '#core/catalog/types.ts';
import type { Option } from '#web/components/form-kit.tsx';
import { Loading } from '#web/components/loading.tsx';
import { readPrograms } from '#web/panel/admin/programs/programs-api.ts';
import { readTeachingAccounts } from '#web/panel/admin/sessions/sessions-api.ts';
import { readClasses } from '#web/lib/content-api.ts';
import { listParams } from '#web/panel/resource/call.ts';
import { ResourceScreen } from '#web/panel/resource/resource-screen.tsx';
import type { FieldDef, Item, ResourceConfig } from '#web/panel/resource/types.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { activeToggle, capitalize, options, text, yesNo } from './shared.tsx';

type SchoolClass = ClassDto & Item;
const DAY_OPTIONS = DAY_NAMES.map((d, i) => ({ value: String(i), label: d }));
const LEVEL_OPTIONS = options(LEVELS, (l) => (l === 'all' ? 'All levels' : capitalize(l)));

/** The weekly timetable. Its list is kept in the browser and shown when the API cannot be reached (spec 8). */
export const classesConfig: ResourceConfig<SchoolClass> = {
  key: 'classes',
  title: 'Classes',
  singular: 'class',
  plural: 'classes',
  endpoint: '/classes',
  pageSize: 100,
  read: (q, limit, signal) => readClasses<SchoolClass>({ query: listParams(q, limit), signal }),
  // The API has no GET /classes/:id: the timetable is small, so the item comes from the list.
  loadItem: async (id, signal) => {
    const answer = await readClasses<SchoolClass>({ query: { page: 1, limit: 200 }, signal });
    return (answer.data ?? []).find((c) => c._id === id) ?? null;
  },
  search: 'Search by title',
  filters: [
    { name: 'dayOfWeek', label: 'Day', options: DAY_OPTIONS, allLabel: 'Every day' },
    { name: 'level', label: 'Level', options: LEVEL_OPTIONS },
    yesNo('isActive', 'Status', 'Active', 'Inactive'),
  ],
  columns: [
    { label: 'Day', render: (c) => c.dayName ?? DAY_NAMES[c.dayOfWeek] },
    { label: 'Time', render: (c) => `${c.startTime}–${c.endTime}`, className: 'cell-nowrap' },
    { label: 'Instructor', render: (c) => text(c.instructorName) },
    { label: 'Level', render: (c) => LEVEL_OPTIONS.find((o) => o.value === c.level)?.label ?? c.level },
  ],
  nameOf: (c) => c.title,
  toggles: [activeToggle('/classes')],
  fields: [
    { name: 'title', label: 'Title', type: 'text', required: true, maxLength: 200 },
    {
      name: 'dayOfWeek',
      label: 'Day',
      type: 'select',
      options: DAY_OPTIONS,
      required: true,
      blankLabel: 'Choose a day',
      requiredMessage: 'Day of week is required',
    },
    { name: 'startTime', label: 'Start time', type: 'time', required: true },
    { name: 'endTime', label: 'End time', type: 'time', required: true },
    { name: 'level', label: 'Level', type: 'select', options: LEVEL_OPTIONS, required: true, defaultValue: 'all' },
    { name: 'instructorName', label: 'Instructor', type: 'text', maxLength: 120, blank: 'null' },
    { name: 'location', label: 'Location', type: 'text', maxLength: 200, blank: 'null' },
    { name: 'ageGroup', label: 'Age group', type: 'text', maxLength: 60, blank: 'null' },
    { name: 'capacity', label: 'Capacity', type: 'number', min: 1, max: 10_000, blank: 'null' },
    { name: 'description', label: 'Description', type: 'textarea', maxLength: 2000, blank: 'null' },
    { name: 'isActive', label: 'Active (shown in the timetable)', type: 'checkbox', defaultValue: true },
  ],
};

/** The class form with the instructor-account select after the display name, its options the accounts that may teach. */
export function withInstructorAccounts(config: ResourceConfig<SchoolClass>, teachers: Option[]): ResourceConfig<SchoolClass> {
  const field: FieldDef = {
    name: 'instructorId',
    label: 'Instructor account',
    type: 'select',
    options: teachers,
    blankLabel: 'No account linked',
    blank: 'null',
    hint: 'Whose roster its sessions are. The name above is what visitors see.',
  };
  const at = config.fields.findIndex((f) => f.name === 'instructorName') + 1;
  return { ...config, fields: [...config.fields.slice(0, at), field, ...config.fields.slice(at)] };
}

/** The program its attendance counts toward (issue 25), after the level; blank = every program. */
export function withPrograms(config: ResourceConfig<SchoolClass>, programs: Option[]): ResourceConfig<SchoolClass> {
  const field: FieldDef = {
    name: 'programId',
    label: 'Program',
    type: 'select',
    options: programs,
    blankLabel: 'Every program',
    blank: 'null',
    hint: 'Whose belt requirements its attendance counts toward.',
  };
  const at = config.fields.findIndex((f) => f.name === 'level') + 1;
  return { ...config, fields: [...config.fields.slice(0, at), field, ...config.fields.slice(at)] };
}

type Teachers = { state: 'loading' } | { state: 'ready'; options: Option[] } | { state: 'failed' };

export default function ClassesScreen(props: PanelScreenProps) {
  const [teachers, setTeachers] = useState<Teachers>({ state: 'loading' });
  const [programs, setPrograms] = useState<Option[] | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    readTeachingAccounts(ctl.signal).then(
      (options) => setTeachers({ state: 'ready', options }),
      () => !ctl.signal.aborted && setTeachers({ state: 'failed' }),
    );
    readPrograms(ctl.signal).then(
      (list) => setPrograms(list.map((p) => ({ value: p._id, label: p.name }))),
      () => {},
    );
    return () => ctl.abort();
  }, []);
  // Without the accounts (or programs) the form leaves that field out, so saving never clears one it could not show.
  const config = useMemo(() => {
    const withTeachers = teachers.state === 'ready' ? withInstructorAccounts(classesConfig, teachers.options) : classesConfig;
    return programs ? withPrograms(withTeachers, programs) : withTeachers;
  }, [teachers, programs]);
  if (teachers.state === 'loading') return <Loading label="Loading..." />;
  return <ResourceScreen config={config} base={props.base} path={props.path} />;
}
