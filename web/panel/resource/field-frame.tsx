import type { ReactNode } from 'react';

/** The ids that tie a control to its hint and error (aria-describedby), and its aria-invalid flag. */
export function describe(id: string, hint: string | undefined, error: string | undefined) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return { 'aria-invalid': error ? (true as const) : undefined, 'aria-describedby': describedBy };
}

type FrameProps = {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  required?: boolean | undefined;
  wide?: boolean | undefined;
  /** Groups (fieldsets) label themselves with a legend instead of a <label for>. */
  as?: 'label' | 'legend';
  className?: string;
  children: ReactNode;
};

/** Label, hint, control and error of one field, in that order. */
export function FieldFrame({ id, label, hint, error, required, wide, as = 'label', className, children }: FrameProps) {
  const cls = ['field', error ? 'field-invalid' : '', wide ? 'field-wide' : '', className ?? ''].filter(Boolean).join(' ');
  const caption = (
    <>
      {label}
      {!required && <span className="field-optional"> (optional)</span>}
    </>
  );
  const hintEl = hint ? (
    <p id={`${id}-hint`} className="field-hint">
      {hint}
    </p>
  ) : null;
  const errorEl = error ? (
    <p id={`${id}-error`} className="field-error">
      {error}
    </p>
  ) : null;
  if (as === 'legend') {
    return (
      <fieldset
        className={`${cls} fieldset`}
        aria-describedby={[hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined}
      >
        <legend>{caption}</legend>
        {hintEl}
        {children}
        {errorEl}
      </fieldset>
    );
  }
  return (
    <div className={cls}>
      <label htmlFor={id}>{caption}</label>
      {hintEl}
      {children}
      {errorEl}
    </div>
  );
}
