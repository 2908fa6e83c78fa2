import { Fragment, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import type { SendRequest } from '#web/lib/content-api.ts';
import { call } from './call.ts';
import { FormActions, HeadedForm, useErrorFocus, type Errors } from '#web/components/form-kit.tsx';
import { FieldInput } from './field-inputs.tsx';
import {
  buildPayload,
  errorKeys,
  fieldForPath,
  initialValues,
  toFormData,
  validateValues,
  visibleFields,
  type FileValue,
  type Value,
  type Values,
} from './form-values.ts';
import { UploadProgress, type Progress } from './upload-progress.tsx';
import type { FieldDef, Item, ResourceConfig } from './types.ts';
import { upperFirst } from '#web/components/format.ts';
import { useSchoolZone } from '#web/components/school-zone.tsx';

type Props = {
  config: ResourceConfig;
  item: Item | null;
  onSaved: (message: string, item: Item | null) => void;
  /** No Cancel button without it. */
  onCancel?: () => void;
  /** A single resource (settings) saves elsewhere than `<endpoint>/<id>`. */
  request?: { path: string; method: string };
  heading?: string;
  submitLabel?: string;
};

/** Server field errors next to their fields; a refused file (413/415) next to the file field that sent it. */
export function mapServerErrors(err: unknown, fields: readonly FieldDef[], values: Values): Errors {
  const out: Errors = {};
  if (!(err instanceof ApiError)) return out;
  const keys = errorKeys(fields, values);
  for (const e of err.errors) {
    const key = fieldForPath(String(e.path ?? ''), keys, fields);
    if (key && !out[key]) out[key] = e.message;
  }
  if (!Object.keys(out).length && (err.status === 413 || err.status === 415)) {
    const withFiles = fields.find((f) => (f.type === 'image' || f.type === 'files') && (values[f.name] as FileValue).files.length);
    if (withFiles) out[withFiles.name] = err.message;
  }
  return out;
}

/** The create and edit form of a resource: client checks, field errors from the server, upload progress. */
export function ResourceForm({ config, item, onSaved, onCancel, request, heading, submitLabel }: Props) {
  const mode = item ? 'edit' : 'create';
  const formId = useId().replace(/:/g, '');
  const fields = visibleFields(config.fields, mode);
  const zone = useSchoolZone();
  const [values, setValues] = useState<Values>(() => initialValues(fields, item, zone));
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<Progress>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusError = useErrorFocus(formRef);
  const ctl = useRef<AbortController | null>(null);

  useEffect(() => () => ctl.current?.abort(), []);

  const change = (name: string, v: Value) => setValues((prev) => ({ ...prev, [name]: v }));

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setAlert('');
    const found = validateValues(fields, values, mode);
    setErrors(found);
    if (Object.keys(found).length) {
      focusError();
      return;
    }
    const payload = buildPayload(fields, values, mode, zone);
    config.beforeSend?.(payload.json, mode);
    const req: SendRequest = request
      ? { ...request }
      : { path: item ? `${config.endpoint}/${encodeURIComponent(item._id)}` : config.endpoint, method: item ? 'PUT' : 'POST' };
    const fallback =
      item || request ? `Failed to update ${config.singular}` : (config.createFailed ?? `Failed to create ${config.singular}`);
    ctl.current = new AbortController();
    req.signal = ctl.current.signal;
    if (payload.files.length) {
      req.form = toFormData(payload);
      req.onProgress = (share) => setProgress(share === null ? 'unknown' : share);
      setProgress(0);
    } else {
      req.body = payload.json;
    }
    setBusy(true);
    try {
      const body = await call<Item>(config, { ...req, fallback });
      onSaved(body.message ?? `${upperFirst(config.singular)} saved`, (body.data as Item | undefined) ?? null);
      setBusy(false);
      setProgress(null);
    } catch (err) {
      if ((err as Error)?.name === 'AbortError') return;
      setErrors(mapServerErrors(err, fields, values));
      setAlert(errorMessage(err));
      setBusy(false);
      setProgress(null);
      focusError();
    }
  }

  const title = heading ?? (item ? `Edit ${config.singular}: ${config.nameOf(item)}` : `New ${config.singular}`);
  return (
    <HeadedForm
      ref={formRef}
      className="form resource-form"
      onSubmit={onSubmit}
      headingId={`${formId}-heading`}
      title={title}
      busy={busy}
      alert={alert}
    >
      <div className="form-grid">
        {fields.map((f) => (
          <Fragment key={f.name}>
            {f.section && <h3 className="form-section">{f.section}</h3>}
            <FieldInput field={f} formId={formId} values={values} errors={errors} item={item} disabled={busy} onChange={change} />
          </Fragment>
        ))}
      </div>
      <UploadProgress id={`${formId}-progress`} progress={progress} />
      <FormActions
        busy={busy}
        label={submitLabel ?? (item ? 'Save changes' : `Create ${config.singular}`)}
        onCancel={
          onCancel &&
          (() => {
            ctl.current?.abort();
            onCancel();
          })
        }
      />
    </HeadedForm>
  );
}
