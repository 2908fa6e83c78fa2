import type { AssetView } from './social-api.ts';
import { MediaThumb } from './media-strip.tsx';

type Props = { media: AssetView[]; onChange: (media: AssetView[]) => void };

/** The chosen media in posting order: move one earlier, or remove it. */
export function ChosenMedia({ media, onChange }: Props) {
  if (media.length === 0) return <p className="field-hint">No media chosen.</p>;
  const without = (i: number) => media.filter((_, j) => j !== i);
  const earlier = (i: number) => {
    const next = [...media];
    [next[i - 1], next[i]] = [next[i]!, next[i - 1]!];
    onChange(next);
  };
  return (
    <ol className="social-chosen-media" aria-label="Chosen media, in order">
      {media.map((m, i) => (
        <li key={m._id} data-id={m._id}>
          <MediaThumb media={m} />
          <span className="social-picker-name">{m.title || 'Untitled'}</span>
          <span className="row-actions">
            {i > 0 && (
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => earlier(i)}>
                Move earlier<span className="visually-hidden"> {m.title}</span>
              </button>
            )}
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => onChange(without(i))}>
              Remove<span className="visually-hidden"> {m.title}</span>
            </button>
          </span>
        </li>
      ))}
    </ol>
  );
}
