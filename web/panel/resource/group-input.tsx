import { useEffect, useRef } from 'react';
import { FieldFrame, type Errors } from '#web/components/form-kit.tsx';
import { emptyRow, type GroupRow } from './form-values.ts';
import { ScalarInput } from './scalar-input.tsx';
import type { GroupField } from './types.ts';

type Props = { field: GroupField; id: string; rows: GroupRow[]; errors: Errors; onChange: (rows: GroupRow[]) => void };

/** A repeatable group of fields (plans, links): add, edit and remove rows; new rows get focus. */
export function GroupInput({ field: f, id, rows, errors, onChange }: Props) {
  const listRef = useRef<HTMLOListElement>(null);
  const focusRow = useRef<number | null>(null);
  useEffect(() => {
    if (focusRow.current === null) return;
    const row = listRef.current?.children[focusRow.current] as HTMLElement | undefined;
    row?.querySelector<HTMLElement>('input, select, textarea')?.focus();
    focusRow.current = null;
  }, [rows.length]);

  const full = f.maxItems !== undefined && rows.length >= f.maxItems;
  const set = (i: number, name: string, v: string | boolean) => onChange(rows.map((r, j) => (j === i ? { ...r, [name]: v } : r)));
  return (
    <FieldFrame
      id={id}
      label={f.label}
      hint={f.hint}
      error={errors[f.name]}
      optional={!f.required}
      wide
      as="legend"
      className="field-group"
    >
      {rows.length === 0 && <p className="muted">No {f.itemLabel.toLowerCase()}s yet.</p>}
      <ol className="group-rows" ref={listRef}>
        {rows.map((row, i) => (
          <li key={i} className="group-row">
            <fieldset>
              <legend>
                {f.itemLabel} {i + 1}
              </legend>
              <div className="form-grid">
                {f.fields.map((s) => (
                  <ScalarInput
                    key={s.name}
                    field={s}
                    id={`${id}-${i}-${s.name}`}
                    value={row[s.name]}
                    error={errors[`${f.name}.${i}.${s.name}`]}
                    onChange={(v) => set(i, s.name, v)}
                  />
                ))}
              </div>
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => onChange(rows.filter((_, j) => j !== i))}>
                Remove {f.itemLabel.toLowerCase()} {i + 1}
              </button>
            </fieldset>
          </li>
        ))}
      </ol>
      <div>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={full}
          onClick={() => {
            focusRow.current = rows.length;
            onChange([...rows, emptyRow(f)]);
          }}
        >
          Add a {f.itemLabel.toLowerCase()}
        </button>
      </div>
    </FieldFrame>
  );
}
