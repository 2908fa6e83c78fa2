import {
  useEffect,
  useId,
  useState,
  type ChangeEvent,
  type FormHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type RefObject,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { ApiError, errorMessage } from '#web/lib/api.ts';

/** Field name → message shown next to that field. */
export type Errors = Record<string, string>;

export type Option = { value: string; label: string };

/** The ids that tie a control to its hint and error (aria-describedby), and its aria-invalid flag. */
export function describe(id: string, hint: string | undefined, error: string | undefined) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return { 'aria-invalid': error ? (true as const) : undefined, 'aria-describedby': describedBy };
}

export function FieldHint({ id, hint }: { id: string; hint: string | undefined }) {
  return hint ? (
    <p id={`${id}-hint`} className="field-hint">
      {hint}
    </p>
  ) : null;
}

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="field-error">
      {error}
    </p>
  ) : null;
}

type FrameProps = {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  /** Adds "(optional)" to the label; a text says more, e.g. "(optional, shown to other admins)". */
  optional?: boolean | string | undefined;
  /** Takes a whole row of a form grid. */
  wide?: boolean | undefined;
  className?: string | undefined;
};

/** Label, hint, control and error of one field, in that order; a group labels itself with a legend. */
export function FieldFrame({
  id,
  label,
  hint,
  error,
  optional,
  wide,
  className,
  as = 'label',
  children,
}: FrameProps & { as?: 'label' | 'legend'; children: ReactNode }) {
  const cls = ['field', error ? 'field-invalid' : '', wide ? 'field-wide' : '', className ?? ''].filter(Boolean).join(' ');
  const caption = (
    <>
      {label}
      {optional && <span className="field-optional"> {typeof optional === 'string' ? optional : '(optional)'}</span>}
    </>
  );
  const body = (
    <>
      <FieldHint id={id} hint={hint} />
      {children}
      <FieldError id={id} error={error} />
    </>
  );
  if (as === 'legend') {
    return (
      <fieldset className={`${cls} fieldset`} aria-describedby={describe(id, hint, error)['aria-describedby']}>
        <legend>{caption}</legend>
        {body}
      </fieldset>
    );
  }
  return (
    <div className={cls}>
      <label htmlFor={id}>{caption}</label>
      {body}
    </div>
  );
}

type ControlAttrs = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> & {
  onChange?: (e: ChangeEvent<HTMLInputElement & HTMLSelectElement & HTMLTextAreaElement>) => void;
};

export type ControlProps = ControlAttrs & {
  id: string;
  hint?: string | undefined;
  error?: string | undefined;
  /** A <select>'s options; the control is an <input> without them. */
  options?: readonly Option[] | undefined;
  /** A first option of value "" with this text (a select's "none" or "all"). */
  blankOption?: string | undefined;
  /** Makes the control a <textarea> of this many rows. */
  rows?: number | undefined;
};

/** The one input, select or textarea of the forms, described by its field's hint and error. */
export function Control({ id, hint, error, options, blankOption, rows, ...attrs }: ControlProps) {
  const common = { id, ...describe(id, hint, error), ...attrs };
  if (options) {
    const { type: _, placeholder: __, ...select } = common;
    return (
      <select {...(select as SelectHTMLAttributes<HTMLSelectElement>)}>
        {blankOption !== undefined && <option value="">{blankOption}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  }
  if (rows) {
    const { type: _, ...area } = common;
    return <textarea {...(area as TextareaHTMLAttributes<HTMLTextAreaElement>)} rows={rows} />;
  }
  return <input {...common} type={common.type ?? 'text'} />;
}

export type FieldProps = FrameProps & ControlProps;

/** A labelled control whose hint and error are tied to it; required unless `optional`. */
export function Field({ id, label, hint, error, optional, wide, className, ...control }: FieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} optional={optional} wide={wide} className={className}>
      <Control id={id} hint={hint} error={error} required={!optional} {...control} />
    </FieldFrame>
  );
}

type CheckFieldProps = Omit<FrameProps, 'optional'> & Omit<ControlAttrs, 'type'>;

/** A checkbox with its label after it, then its hint and error. */
export function CheckField({ id, label, hint, error, wide, className, ...input }: CheckFieldProps) {
  const cls = ['field field-check', error ? 'field-invalid' : '', wide ? 'field-wide' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <div className={cls}>
      <div className="check-row">
        <input id={id} type="checkbox" {...input} {...describe(id, hint, error)} />
        <label htmlFor={id}>{label}</label>
      </div>
      <FieldHint id={id} hint={hint} />
      <FieldError id={id} error={error} />
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

/** The alert in a focus target: forms move focus here when no field can take the error. */
export function FocusableAlert({ message, ref }: { message: string; ref?: Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} tabIndex={-1} className="form-alert-wrap">
      <FormAlert message={message} />
    </div>
  );
}

/**
 * Call the returned function when errors are set: after the render that shows them, focus goes to the
 * first invalid control, else to the form's alert (which takes no room, and no focus, while empty).
 */
export function useErrorFocus(formRef: RefObject<HTMLFormElement | null>) {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!tick) return;
    const form = formRef.current;
    (form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form?.querySelector<HTMLElement>('.form-alert-wrap'))?.focus();
  }, [tick, formRef]);
  return () => setTick((n) => n + 1);
}

type HeadedFormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'title'> & {
  headingId: string;
  title: ReactNode;
  level?: 1 | 2;
  busy: boolean;
  alert: string;
  alertRef?: Ref<HTMLDivElement>;
  ref?: Ref<HTMLFormElement>;
};

/** A form named by its heading, busy while sending, with its alert first (a focus target) and no browser validation. */
export function HeadedForm({ headingId, title, level = 2, busy, alert, alertRef, children, ...form }: HeadedFormProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <form noValidate aria-labelledby={headingId} aria-busy={busy} {...form}>
      <Heading id={headingId}>{title}</Heading>
      <FocusableAlert ref={alertRef} message={alert} />
      {children}
    </form>
  );
}

/** Submit (its busy words while sending) and, with `onCancel`, Cancel. */
export function FormActions({
  busy,
  label,
  busyLabel = 'Saving…',
  onCancel,
}: {
  busy: boolean;
  label: string;
  busyLabel?: string;
  onCancel?: (() => void) | undefined;
}) {
  return (
    <div className="btn-row form-actions">
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
      {onCancel && (
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Cancel
        </button>
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
  const id = useId().replace(/:/g, '');
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
  /** A field's id (unique to this form), name and error, to spread on a `<Field>`. */
  const field = (name: string) => ({ id: `${id}-${name}`, name, error: errors[name] });
  return { id, errors, alert, busy, ready, setBusy, setAlert, submit, field, readyAttr: ready ? '' : undefined };
}

type SelectFieldProps = {
  id: string;
  label: string;
  /** The first option, value "", that turns the filter off; none when the filter always has a value. */
  allLabel?: string | undefined;
  options: readonly Option[];
} & Pick<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'value' | 'defaultValue' | 'onChange'>;

/** A filter's <select>: "all" (if any) first, then the options; controlled or a plain GET form field. */
export function SelectField({ id, label, allLabel, options, onChange, ...select }: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label}>
      <Control id={id} options={options} blankOption={allLabel} onChange={onChange} {...select} />
    </FieldFrame>
  );
}
