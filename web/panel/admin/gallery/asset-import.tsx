import { useId, useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { sendForm } from '#web/lib/content-api.ts';
import { Field, FormActions, FormAlert } from '#web/components/form-kit.tsx';
import { UploadProgress, type Progress } from '#web/panel/resource/upload-progress.tsx';

const EXAMPLE = '[{ "externalUrlLink": "https://…/kata.jpg", "mediaType": "image", "title": "Kata", "tags": ["kata"] }]';

/** Bulk import of external assets (spec: bulk-json): a .json/.csv file or pasted JSON, checked item by item by the server. */
export function AssetImport({ onChanged }: { onChanged: (message: string) => void }) {
  const id = useId().replace(/:/g, '');
  const [alert, setAlert] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [progress, setProgress] = useState<Progress>(null);
  const [busy, setBusy] = useState(false);
  const [formKey, setFormKey] = useState(0);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const file = data.get('file');
    const text = String(data.get('assets') ?? '').trim();
    const form = new FormData();
    if (file instanceof File && file.size > 0) form.append('file', file, file.name);
    else if (text) form.append('assets', text);
    else {
      setAlert('Choose a JSON or CSV file, or paste a JSON list of assets');
      setProblems([]);
      return;
    }
    setBusy(true);
    setAlert('');
    setProblems([]);
    setProgress(0);
    try {
      const body = await sendForm({
        path: '/assets/bulk-json',
        form,
        fallback: 'Failed to import from JSON',
        onProgress: (s) => setProgress(s ?? 'unknown'),
      });
      setFormKey((k) => k + 1);
      onChanged(body.message ?? 'Assets imported');
    } catch (err) {
      setAlert(errorMessage(err));
      setProblems(
        err instanceof ApiError
          ? err.errors.slice(0, 20).map((p) => `${p.path.replace(/^assets\.(\d+)\./, (_, i) => `Item ${Number(i) + 1}, `)}: ${p.message}`)
          : [],
      );
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  return (
    <details className="card import-card">
      <summary>Import assets from JSON or CSV</summary>
      <form key={formKey} className="form" noValidate onSubmit={onSubmit} aria-busy={busy} aria-label="Import assets">
        <p className="field-hint">
          Each item needs an <code>externalUrlLink</code> and a <code>mediaType</code> (image or video); title, description, altText,
          featured and tags are optional. Up to 500 items.
        </p>
        <FormAlert message={alert} />
        {problems.length > 0 && (
          <ul className="problem-list" aria-label="Problems found">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        )}
        <Field
          id={`${id}-file`}
          name="file"
          label="JSON or CSV file"
          type="file"
          accept=".json,.csv,application/json,text/csv"
          required={false}
          disabled={busy}
        />
        <Field id={`${id}-json`} name="assets" label="Or paste JSON" optional rows={4} placeholder={EXAMPLE} disabled={busy} />
        <UploadProgress id={`${id}-progress`} progress={progress} label="Sending" />
        <FormActions busy={busy} label="Import" busyLabel="Importing…" />
      </form>
    </details>
  );
}
