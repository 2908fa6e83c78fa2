import { useEffect, useState, type ReactNode, type SelectHTMLAttributes } from 'react';
import { ApiError, errorMessage } from '#web/lib/api.ts';

/** Field name → message shown next to that field. */
export type Errors = Record<string, string>;

type FieldProps = {
  id: string;
  name: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  type?: string;
  autoComplete?: string;
  placeholder?: string;
  defaultValue?: string;
  optional?: boolean;
  maxLength?: number;
  /** A <select>'s options; the field is an <input> without them. */
  options?: readonly { value: string; label: string }[];
  /** Makes the field a <textarea> of this many rows. */
  rows?: number;
};

/** A labelled input whose hint and error are tied to it with aria-describedby. */
export function Field({
  id,
  name,
  label,
  error,
  hint,
  type = 'text',
  autoComplete,
  placeholder,
  defaultValue,
  optional,
  maxLength,
  options,
  rows,
}: FieldProps) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    required: !optional,
    maxLength,
    defaultValue,
  } as const;
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>
        {label}
        {optional && <span className="field-optional"> (optional)</span>}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {options ? (
        <select {...common}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : rows ? (
        <textarea {...common} rows={rows} placeholder={placeholder} />
      ) : (
        <input {...common} type={type} autoComplete={autoComplete} placeholder={placeholder} />
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** Always in the page, so screen readers announce the message when it appears. */
export function FormAlert({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div role="alert" className="form-alert">
      {message && (
        <p>
          {message}
          {children}
        </p>
      )}
    </div>
  );
}

export function FormStatus({ message }: { message: string }) {
  return (
    <div role="status" className="form-status">
      {message && <p>{message}</p>}
    </div>
  );
}

export const formValues = (form: HTMLFormElement): Record<string, string> => {
  const out: Record<string, string> = {};
  new FormData(form).forEach((v, k) => {
    if (typeof v === 'string') out[k] = v;
  });
  return out;
};

/** Moves focus to the first field (in page order) that has an error; true when there was one. */
export function focusFirstError(form: HTMLFormElement, errors: Errors): boolean {
  for (const el of Array.from(form.elements)) {
    const name = (el as HTMLInputElement).name;
    if (name && errors[name]) {
      (el as HTMLElement).focus();
      return true;
    }
  }
  return false;
}

/** The server's per-field errors (`errors: [{ path, message }]`), keyed by the field's own name. */
export function serverFieldErrors(err: unknown): Errors {
  const out: Errors = {};
  if (err instanceof ApiError) for (const e of err.errors) out[String(e.path).split('.').pop() ?? ''] ??= e.message;
  return out;
}

/** Validation, busy state, the alert and the `data-ready` flag every form island shares. */
export function useForm() {
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  /** Runs `action` when `found` is empty; an action that resolves true is navigating away and stays busy. */
  async function submit(form: HTMLFormElement, found: Errors, action: () => Promise<boolean | void>) {
    setAlert('');
    setErrors(found);
    if (focusFirstError(form, found)) return;
    setBusy(true);
    try {
      if (!(await action())) setBusy(false);
    } catch (err) {
      const fieldErrors = serverFieldErrors(err);
      setErrors(fieldErrors);
      setAlert(errorMessage(err));
      setBusy(false);
      focusFirstError(form, fieldErrors);
    }
  }
  return { errors, alert, busy, ready, setBusy, setAlert, submit, readyAttr: ready ? '' : undefined };
}

type SelectFieldProps = {
  id: string;
  label: string;
  /** The first option, value "", that turns the filter off. */
  allLabel: string;
  options: readonly { value: string; label: string }[];
} & Pick<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'value' | 'defaultValue' | 'onChange'>;

/** A filter's <select>: "all" first, then the options; controlled or a plain GET form field. */
export function SelectField({ id, label, allLabel, options, ...select }: SelectFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} {...select}>
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
