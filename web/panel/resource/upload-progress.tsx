/** null: no upload; 'unknown': the browser cannot tell how far it is; else the share sent (0–1). */
export type Progress = number | 'unknown' | null;

/** A labelled native <progress> for a multipart upload; announced when it completes. */
export function UploadProgress({ id, progress, label = 'Uploading' }: { id: string; progress: Progress; label?: string }) {
  if (progress === null) return null;
  const pct = typeof progress === 'number' ? Math.round(progress * 100) : null;
  const done = pct === 100;
  return (
    <div className="upload-progress">
      <label htmlFor={id}>{done ? 'Upload complete, saving…' : `${label}…`}</label>
      <progress id={id} className="progress" max={100} value={pct ?? undefined} data-progress={pct ?? ''}>
        {pct !== null ? `${pct}%` : ''}
      </progress>
      <span className="upload-progress-value" aria-hidden="true">
        {pct !== null ? `${pct}%` : ''}
      </span>
    </div>
  );
}
