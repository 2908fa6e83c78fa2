import { useEffect, useMemo } from 'react';
import { Control, FieldFrame } from '#web/components/form-kit.tsx';
import type { FileValue } from './form-values.ts';
import type { FilesField, ImageField, Item } from './types.ts';
import { StoredImage } from './stored-image.tsx';

export const formatBytes = (n: number) =>
  n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${Math.round(n / 102.4) / 10} KB` : `${Math.round(n / (1024 * 104.8576)) / 10} MB`;

type Props = {
  field: ImageField | FilesField;
  id: string;
  value: FileValue;
  error: string | undefined;
  item: Item | null;
  disabled: boolean;
  onChange: (v: FileValue) => void;
};

/** A file picker with previews of the chosen images, the stored picture, and keep/remove choices when editing. */
export function FileInput({ field: f, id, value, error, item, disabled, onChange }: Props) {
  const previews = useMemo(
    () => value.files.map((file) => (file.type.startsWith('image/') ? URL.createObjectURL(file) : null)),
    [value.files],
  );
  useEffect(() => () => previews.forEach((u) => u && URL.revokeObjectURL(u)), [previews]);

  const stored = item && f.type === 'image' ? f.preview?.(item) : null;
  const existing = item && f.type === 'files' && f.existing ? f.existing.from(item) : [];
  const multiple = f.type === 'files' && f.multiple;
  const hint =
    [f.hint, f.type === 'image' && stored ? 'Choosing a new image replaces the current one.' : ''].filter(Boolean).join(' ') || undefined;

  return (
    <FieldFrame id={id} label={f.label} hint={hint} error={error} optional={!f.required} wide className="field-file">
      {stored && (
        <figure className="file-current">
          <StoredImage src={stored} width={96} height={96} loading="lazy" />
          <figcaption>Current image</figcaption>
        </figure>
      )}
      {f.type === 'image' && stored && f.removeFlag && (
        <div className="check-row">
          <input
            id={`${id}-remove`}
            type="checkbox"
            checked={value.remove}
            disabled={disabled || value.files.length > 0}
            onChange={(e) => onChange({ ...value, remove: e.target.checked })}
          />
          <label htmlFor={`${id}-remove`}>Remove the current image</label>
        </div>
      )}
      {existing.length > 0 && (
        <ul className="file-keep" aria-label={`Stored ${f.label.toLowerCase()}`}>
          {existing.map((e) => (
            <li key={e.id}>
              <input
                id={`${id}-keep-${e.id}`}
                type="checkbox"
                checked={value.keep.includes(e.id)}
                disabled={disabled}
                onChange={(ev) =>
                  onChange({ ...value, keep: ev.target.checked ? [...value.keep, e.id] : value.keep.filter((k) => k !== e.id) })
                }
              />
              <label htmlFor={`${id}-keep-${e.id}`}>Keep {e.name}</label>
              {e.url && (
                <a href={e.url} target="_blank" rel="noopener noreferrer">
                  Open<span className="visually-hidden"> {e.name}</span>
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
      <Control
        id={id}
        name={f.name}
        type="file"
        accept={f.rules.accept}
        multiple={multiple}
        disabled={disabled}
        hint={hint}
        error={error}
        onChange={(e) => onChange({ ...value, files: Array.from(e.target.files ?? []), remove: false })}
      />
      {value.files.length > 0 && (
        <ul className="file-chosen" aria-label="Chosen files">
          {value.files.map((file, i) => (
            <li key={`${file.name}-${i}`}>
              {previews[i] && <img src={previews[i]!} alt="" width={64} height={64} />}
              <span>
                {file.name} <span className="muted">({formatBytes(file.size)})</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </FieldFrame>
  );
}
