import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api, ApiError, errorMessage } from '#web/lib/api.ts';
import { Field, FormAlert, FormStatus, type FieldProps } from '#web/components/form-kit.tsx';
import {
  CHECK_FIELDS,
  CONTACT_FIELDS,
  type ContactErrors,
  type ContactField,
  type ContactFormProps,
  type ContactValues,
} from '#web/pages/public/contact-form-model.ts';

const FIELDS: readonly ({ name: ContactField } & Omit<FieldProps, 'id' | 'name'>)[] = [
  { name: 'name', label: 'Name', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone number', type: 'tel', autoComplete: 'tel' },
  { name: 'subject', label: 'Subject' },
  { name: 'message', label: 'Message', rows: 6 },
];

/** The enquiry schema (and zod) load only when the visitor starts on the form, not with the page. */
const loadValidation = () => import('#web/pages/public/contact-validation.ts');

/**
 * The contact form. Without JavaScript it posts to /contact, which runs the same checks and service;
 * hydrated, it checks with the enquiry schema first, then sends JSON to POST /api/enquiries.
 */
export default function ContactForm({
  values = {},
  errors: initialErrors = {},
  alert: initialAlert = '',
  success: initialSuccess = '',
  limits,
  honeypot,
}: ContactFormProps) {
  const [errors, setErrors] = useState<ContactErrors>(initialErrors);
  const [alert, setAlert] = useState(initialAlert);
  const [success, setSuccess] = useState(initialSuccess);
  const [defaults, setDefaults] = useState<ContactValues>(values);
  const [formKey, setFormKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const [ready, setReady] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => setReady(true), []);

  const focusFirst = (found: ContactErrors) => {
    const first = CONTACT_FIELDS.find((f) => found[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data: Record<string, string> = {};
    new FormData(e.currentTarget).forEach((v, k) => {
      if (typeof v === 'string') data[k] = v;
    });
    let found: ContactErrors = {};
    try {
      found = (await loadValidation()).validateEnquiry(data);
    } catch {
      // The checks could not load (offline?): the server runs the same ones and answers with the messages.
    }
    setSuccess('');
    setErrors(found);
    setAlert(Object.keys(found).length ? CHECK_FIELDS : '');
    if (Object.keys(found).length) return focusFirst(found);
    setBusy(true);
    try {
      const body = await api('/enquiries', { body: data, fallback: 'Failed to send enquiry' });
      setSuccess(body.message ?? 'Thank you for your enquiry.');
      setDefaults({});
      setFormKey((k) => k + 1);
    } catch (err) {
      const fieldErrors: ContactErrors = {};
      if (err instanceof ApiError) for (const fe of err.errors) fieldErrors[fe.path.split('.')[0] as ContactField] ??= fe.message;
      setErrors(fieldErrors);
      setAlert(errorMessage(err));
      focusFirst(fieldErrors);
    } finally {
      setBusy(false);
    }
  }

  const field = ({ name, ...f }: (typeof FIELDS)[number]) => (
    <Field
      key={name}
      id={`contact-${name}`}
      name={name}
      maxLength={limits[name]}
      error={errors[name]}
      defaultValue={defaults[name]}
      {...f}
    />
  );

  return (
    <div className="contact-form-wrap">
      <FormAlert message={alert} />
      <FormStatus message={success} />
      <form
        key={formKey}
        ref={formRef}
        className="form contact-form"
        method="post"
        action="/contact"
        noValidate
        onSubmit={onSubmit}
        onFocus={() => void loadValidation().catch(() => {})}
        data-ready={ready ? '' : undefined}
        aria-busy={busy}
      >
        <div className="field-row">{FIELDS.slice(0, 2).map(field)}</div>
        <div className="field-row">{FIELDS.slice(2, 4).map(field)}</div>
        {FIELDS.slice(4).map(field)}
        <div className="hp-field" aria-hidden="true">
          <label htmlFor={`contact-${honeypot}`}>Leave this field empty</label>
          <input id={`contact-${honeypot}`} name={honeypot} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Sending…' : 'Send message'}
        </button>
      </form>
    </div>
  );
}
