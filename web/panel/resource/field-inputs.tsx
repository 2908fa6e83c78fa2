import type { Errors } from '#web/components/form-kit.tsx';
import type { FileValue, GroupRow, Value } from './form-values.ts';
import { FileInput } from './file-input.tsx';
import { GroupInput } from './group-input.tsx';
import { ScalarInput } from './scalar-input.tsx';
import type { FieldDef, Item } from './types.ts';

type FieldInputProps = {
  field: FieldDef;
  formId: string;
  values: Record<string, Value>;
  errors: Errors;
  item: Item | null;
  disabled: boolean;
  onChange: (name: string, v: Value) => void;
};

export const controlId = (formId: string, name: string) => `${formId}-f-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;

/** Picks the control for a field definition. */
export function FieldInput({ field, formId, values, errors, item, disabled, onChange }: FieldInputProps) {
  const id = controlId(formId, field.name);
  if (field.type === 'image' || field.type === 'files') {
    return (
      <FileInput
        field={field}
        id={id}
        value={values[field.name] as FileValue}
        error={errors[field.name]}
        item={item}
        disabled={disabled}
        onChange={(v) => onChange(field.name, v)}
      />
    );
  }
  if (field.type === 'group') {
    return (
      <GroupInput
        field={field}
        id={id}
        rows={values[field.name] as GroupRow[]}
        errors={errors}
        onChange={(rows) => onChange(field.name, rows)}
      />
    );
  }
  return (
    <ScalarInput field={field} id={id} value={values[field.name]} error={errors[field.name]} onChange={(v) => onChange(field.name, v)} />
  );
}
