import { REQUIREMENT_MODES, REQUIREMENT_TYPES, takesValue, type RequirementType } from '#core/progression/requirements.ts';
import { SYLLABUS_CATEGORIES } from '#core/syllabus/grades.ts';
import { CheckField, Field, type Option } from '#web/components/form-kit.tsx';
import type { RequirementView, SyllabusChoice, TechniqueView } from './programs-api.ts';

export const REQUIREMENT_LABEL: Record<RequirementType, string> = {
  min_days: 'Days at the current rank',
  min_classes: 'Classes attended',
  min_attendance_rate: 'Attendance rate (%)',
  min_stripes: 'Stripes at the current rank',
  techniques_passed: 'Techniques passed in class',
  min_age: 'Minimum age (years)',
  max_age: 'Maximum age (years)',
  instructor_approval: 'Instructor approval',
  active_membership: 'Active membership',
};
const TYPE_OPTIONS: Option[] = REQUIREMENT_TYPES.map((t) => ({ value: t, label: REQUIREMENT_LABEL[t] }));
const MODE_OPTIONS: Option[] = REQUIREMENT_MODES.map((m) => ({ value: m, label: m === 'gate' ? 'Must be met' : 'Advice only' }));
const CATEGORY_OPTIONS: Option[] = SYLLABUS_CATEGORIES.map((c) => ({ value: c, label: c }));

type ListProps<T> = { id: string; list: T[]; onChange: (list: T[]) => void };
const replace = <T,>(list: T[], i: number, patch: Partial<T>) => list.map((x, n) => (n === i ? { ...x, ...patch } : x));
const num = (v: string) => (v.trim() === '' ? 0 : Number(v));

/** A rank's requirements, one row each: what, whether it blocks, how much. */
export function RequirementRows({ id, list, onChange }: ListProps<RequirementView>) {
  const unused = REQUIREMENT_TYPES.find((t) => !list.some((r) => r.type === t));
  return (
    <fieldset className="ladder-rows">
      <legend>Requirements</legend>
      {!list.length && <p>Nothing is asked to test for this rank.</p>}
      {list.map((r, i) => (
        <div className="ladder-row" key={i}>
          <Field
            id={`${id}-req-${i}-type`}
            label="Requirement"
            options={TYPE_OPTIONS}
            value={r.type}
            onChange={(e) => {
              const type = e.target.value as RequirementType;
              onChange(replace(list, i, { type, value: takesValue(type) ? (r.value ?? 0) : null }));
            }}
          />
          <Field
            id={`${id}-req-${i}-mode`}
            label="Mode"
            options={MODE_OPTIONS}
            value={r.mode}
            onChange={(e) => onChange(replace(list, i, { mode: e.target.value as RequirementView['mode'] }))}
          />
          {takesValue(r.type) ? (
            <Field
              id={`${id}-req-${i}-value`}
              label="Value"
              type="number"
              min={0}
              max={100000}
              value={r.value ?? 0}
              onChange={(e) => onChange(replace(list, i, { value: num(e.target.value) }))}
            />
          ) : (
            <p className="ladder-row-note">Yes or no</p>
          )}
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => onChange(list.filter((_, n) => n !== i))}>
            Remove<span className="visually-hidden"> {REQUIREMENT_LABEL[r.type]}</span>
          </button>
        </div>
      ))}
      {unused && (
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => onChange([...list, { type: unused, mode: 'gate', value: takesValue(unused) ? 0 : null }])}
        >
          Add a requirement
        </button>
      )}
    </fieldset>
  );
}

/** A rank's techniques: drawn from the syllabus items of its grade (or named here), with their scores. */
export function TechniqueRows({ id, list, onChange, items }: ListProps<TechniqueView> & { items: SyllabusChoice[] }) {
  const itemOptions = items.map((s) => ({ value: s._id, label: s.title }));
  return (
    <fieldset className="ladder-rows">
      <legend>Techniques examined</legend>
      {!list.length && <p>No techniques: candidates for this rank are not scored.</p>}
      {list.map((t, i) => (
        <div className="ladder-row ladder-row-technique" key={t._id ?? `new-${i}`}>
          <Field
            id={`${id}-tech-${i}-item`}
            label="Syllabus item"
            optional
            options={itemOptions}
            blankOption="None: named here"
            value={t.syllabusItemId ?? ''}
            onChange={(e) => {
              const item = items.find((s) => s._id === e.target.value);
              onChange(
                replace(list, i, { syllabusItemId: item?._id ?? null, ...(item ? { title: item.title, category: item.category } : {}) }),
              );
            }}
          />
          <Field
            id={`${id}-tech-${i}-title`}
            label="Title"
            maxLength={200}
            value={t.title}
            onChange={(e) => onChange(replace(list, i, { title: e.target.value }))}
          />
          <Field
            id={`${id}-tech-${i}-category`}
            label="Category"
            options={CATEGORY_OPTIONS}
            value={t.category}
            onChange={(e) => onChange(replace(list, i, { category: e.target.value }))}
          />
          <Field
            id={`${id}-tech-${i}-max`}
            label="Max score"
            type="number"
            min={1}
            max={1000}
            value={t.maxScore}
            onChange={(e) => onChange(replace(list, i, { maxScore: num(e.target.value) }))}
          />
          <Field
            id={`${id}-tech-${i}-pass`}
            label="Pass mark"
            type="number"
            min={0}
            max={t.maxScore}
            value={t.passScore}
            error={t.passScore > t.maxScore ? 'passScore must not be more than maxScore' : undefined}
            onChange={(e) => onChange(replace(list, i, { passScore: num(e.target.value) }))}
          />
          <Field
            id={`${id}-tech-${i}-weight`}
            label="Weight"
            type="number"
            min={1}
            max={100}
            value={t.weight}
            onChange={(e) => onChange(replace(list, i, { weight: num(e.target.value) }))}
          />
          <CheckField
            id={`${id}-tech-${i}-mandatory`}
            label="Must pass"
            checked={t.mandatory}
            onChange={(e) => onChange(replace(list, i, { mandatory: e.target.checked }))}
          />
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => onChange(list.filter((_, n) => n !== i))}>
            Remove<span className="visually-hidden"> {t.title || `technique ${i + 1}`}</span>
          </button>
        </div>
      ))}
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() =>
          onChange([
            ...list,
            { title: '', category: 'kata', syllabusItemId: null, maxScore: 10, passScore: 6, weight: 1, mandatory: false },
          ])
        }
      >
        Add a technique
      </button>
    </fieldset>
  );
}
