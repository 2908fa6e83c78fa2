import { CheckField, Control, FieldFrame } from '#web/components/form-kit.tsx';
import { useSchoolZone, zoneLabel } from '#web/components/school-zone.tsx';
import type { Value } from './form-values.ts';
import type { FieldDef, SubField } from './types.ts';

type ScalarProps = {
  field: SubField | Extract<FieldDef, { type: 'list' }>;
  id: string;
  value: Value | undefined;
  error: string | undefined;
  onChange: (v: string | boolean) => void;
};

/** The kit's control for one text, number, date, select, checkbox or list field definition. */
export function ScalarInput({ field: f, id, value, error, onChange }: ScalarProps) {
  const zone = useSchoolZone();
  if (f.type === 'checkbox') {
    return (
      <CheckField
        id={id}
        name={f.name}
        label={f.label}
        hint={f.hint}
        error={error}
        wide={f.wide}
        checked={value === true}
        onChange={(e) => onChange(e.target.checked)}
      />
    );
  }
  const schoolClock = `School time (${zoneLabel(zone)})`;
  const hint =
    f.type === 'list'
      ? (f.hint ?? 'One per line.')
      : f.type === 'datetime'
        ? f.hint
          ? `${f.hint} ${schoolClock}.`
          : `${schoolClock}.`
        : f.hint;
  const common = {
    id,
    name: f.name,
    value: typeof value === 'string' ? value : '',
    required: f.required,
    hint,
    error,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
  };
  let control;
  if (f.type === 'select') {
    control = <Control {...common} options={f.options} blankOption={!f.required || f.blankLabel ? (f.blankLabel ?? '—') : undefined} />;
  } else if (f.type === 'textarea' || f.type === 'list') {
    control = <Control {...common} rows={f.rows ?? (f.type === 'list' ? 4 : 5)} />;
  } else if (f.type === 'number' || f.type === 'money') {
    control = (
      <Control
        {...common}
        type="number"
        inputMode="decimal"
        min={f.min ?? (f.type === 'money' ? 0 : undefined)}
        max={f.max}
        step={f.step ?? (f.type === 'money' ? 0.01 : 1)}
      />
    );
  } else {
    control = (
      <Control
        {...common}
        type={f.type === 'datetime' ? 'datetime-local' : f.type}
        placeholder={'placeholder' in f ? f.placeholder : undefined}
      />
    );
  }
  return (
    <FieldFrame
      id={id}
      label={f.label}
      hint={hint}
      error={error}
      optional={!f.required}
      wide={f.wide || f.type === 'textarea' || f.type === 'list'}
    >
      {f.type === 'money' ? <div className="money-input">{control}</div> : control}
    </FieldFrame>
  );
}
