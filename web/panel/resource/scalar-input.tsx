import { describe, FieldFrame } from './field-frame.tsx';
import type { Value } from './form-values.ts';
import type { FieldDef, SubField } from './types.ts';

type ScalarProps = {
  field: SubField | Extract<FieldDef, { type: 'list' }>;
  id: string;
  value: Value | undefined;
  error: string | undefined;
  onChange: (v: string | boolean) => void;
};

/** One text, number, date, select, checkbox or list control with its label, hint and error. */
export function ScalarInput({ field: f, id, value, error, onChange }: ScalarProps) {
  const aria = describe(id, f.hint, error);
  if (f.type === 'checkbox') {
    return (
      <div className={`field field-check${error ? ' field-invalid' : ''}${f.wide ? ' field-wide' : ''}`}>
        <div className="check-row">
          <input id={id} name={f.name} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} {...aria} />
          <label htmlFor={id}>{f.label}</label>
        </div>
        {f.hint && (
          <p id={`${id}-hint`} className="field-hint">
            {f.hint}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} className="field-error">
            {error}
          </p>
        )}
      </div>
    );
  }
  const text = typeof value === 'string' ? value : '';
  const common = { id, name: f.name, value: text, required: f.required, ...aria };
  let control;
  if (f.type === 'select') {
    control = (
      <select {...common} onChange={(e) => onChange(e.target.value)}>
        {(!f.required || f.blankLabel) && <option value="">{f.blankLabel ?? '—'}</option>}
        {f.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  } else if (f.type === 'textarea' || f.type === 'list') {
    control = <textarea {...common} rows={f.rows ?? (f.type === 'list' ? 4 : 5)} onChange={(e) => onChange(e.target.value)} />;
  } else if (f.type === 'number' || f.type === 'money') {
    control = (
      <input
        {...common}
        type="number"
        inputMode="decimal"
        min={f.min ?? (f.type === 'money' ? 0 : undefined)}
        max={f.max}
        step={f.step ?? (f.type === 'money' ? 0.01 : 1)}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  } else {
    const type = f.type === 'datetime' ? 'datetime-local' : f.type;
    control = (
      <input
        {...common}
        type={type}
        placeholder={'placeholder' in f ? f.placeholder : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  const hint = f.type === 'list' ? (f.hint ?? 'One per line.') : f.hint;
  return (
    <FieldFrame
      id={id}
      label={f.label}
      hint={hint}
      error={error}
      required={f.required}
      wide={f.wide || f.type === 'textarea' || f.type === 'list'}
    >
      {f.type === 'money' ? <div className="money-input">{control}</div> : control}
    </FieldFrame>
  );
}
