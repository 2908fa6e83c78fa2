import { useState, type FormEvent } from 'react';
import { errorMessage } from '#web/lib/api.ts';
import { sendForm } from '#web/lib/content-api.ts';
import { Field, FormActions, FormAlert } from '#web/components/form-kit.tsx';
import { UploadProgress, type Progress } from '#web/panel/resource/upload-progress.tsx';

type Props = { owner: string; accept: string; maxFiles: number; onUploaded: (message: string) => void };

/** Uploads files to POST /media/:ownerId with a progress bar; the alt text and caption apply to every file. */
export function MediaUpload({ owner, accept, maxFiles, onUploaded }: Props) {
  const [error, setError] = useState('');
  const [alert, setAlert] = useState('');
  const [progress, setProgress] = useState<Progress>(null);
  const [formKey, setFormKey] = useState(0);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const files = data.getAll('files').filter((f): f is File => f instanceof File && f.size > 0);
    if (!files.length || files.length > maxFiles) {
      setError(files.length ? `Choose at most ${maxFiles} files` : 'Choose at least one image or video to upload');
      e.currentTarget.querySelector<HTMLInputElement>('#media-files')?.focus();
      return;
    }
    setError('');
    setAlert('');
    const form = new FormData();
    for (const f of files) form.append('files', f, f.name);
    for (const k of ['altText', 'caption']) form.append(k, String(data.get(k) ?? '').trim());
    setProgress(0);
    try {
      const body = await sendForm({
        path: `/media/${encodeURIComponent(owner)}`,
        form,
        fallback: 'Failed to upload file',
        onProgress: (s) => setProgress(s ?? 'unknown'),
      });
      setFormKey((k) => k + 1);
      onUploaded(body.message ?? 'Media uploaded');
    } catch (err) {
      setAlert(errorMessage(err));
    } finally {
      setProgress(null);
    }
  }

  const busy = progress !== null;
  return (
    <details className="card import-card">
      <summary>Upload to “{owner}”</summary>
      <form key={formKey} className="form form-grid" noValidate onSubmit={onSubmit} aria-busy={busy} aria-label="Upload media">
        <FormAlert message={alert} />
        <Field
          wide
          id="media-files"
          name="files"
          label="Images or videos"
          type="file"
          accept={accept}
          multiple
          disabled={busy}
          required={false}
          hint={`JPEG, PNG or WebP up to 5MB, MP4 or WebM up to 50MB; at most ${maxFiles} at a time.`}
          error={error}
        />
        <Field id="media-alt" name="altText" label="Alt text" optional maxLength={300} disabled={busy} />
        <Field id="media-caption" name="caption" label="Caption" optional maxLength={500} disabled={busy} />
        <UploadProgress id="media-progress" progress={progress} />
        <FormActions busy={busy} label="Upload" busyLabel="Uploading…" />
      </form>
    </details>
  );
}
