import { useEffect, useState } from 'react';
import { SOCIAL_LIMITS } from '#core/social/social-options.ts';
import { FormAlert, SelectField } from '#web/components/form-kit.tsx';
import { errorMessage, type Pagination } from '#web/lib/api.ts';
import { Dialog } from '#web/panel/dialog.tsx';
import { Pager } from '#web/panel/resource/pager.tsx';
import { MediaThumb } from './media-strip.tsx';
import { readAssets, type AssetView } from './social-api.ts';

type Props = { chosen: AssetView[]; onDone: (media: AssetView[]) => void; onClose: () => void };
type Kind = '' | 'image' | 'video';

/**
 * The media library in a dialog: images, videos or both, 12 a page, each a checkbox with its
 * thumbnail (Tab and Space choose). The choice survives paging; "Use" keeps the order things were picked in.
 */
export function MediaPicker({ chosen, onDone, onClose }: Props) {
  const [kind, setKind] = useState<Kind>('');
  const [page, setPage] = useState(1);
  const [assets, setAssets] = useState<AssetView[] | null>(null);
  const [pagination, setPagination] = useState<Pagination | undefined>();
  const [alert, setAlert] = useState('');
  const [picked, setPicked] = useState<AssetView[]>(chosen);

  useEffect(() => {
    const ctl = new AbortController();
    setAssets(null);
    readAssets(page, kind, ctl.signal).then(
      (r) => {
        setAssets(r.assets);
        setPagination(r.pagination);
        setAlert('');
      },
      (err) => {
        if (ctl.signal.aborted) return;
        setAlert(errorMessage(err));
        setAssets([]);
      },
    );
    return () => ctl.abort();
  }, [page, kind]);

  const isPicked = (a: AssetView) => picked.some((p) => p._id === a._id);
  const full = picked.length >= SOCIAL_LIMITS.media;
  const toggle = (a: AssetView, on: boolean) => setPicked((now) => (on ? [...now, a] : now.filter((p) => p._id !== a._id)));

  return (
    <Dialog title="Choose media" onClose={onClose} className="social-media-picker">
      <SelectField
        id="picker-kind"
        label="Show"
        allLabel="Images and videos"
        options={[
          { value: 'image', label: 'Images' },
          { value: 'video', label: 'Videos' },
        ]}
        value={kind}
        onChange={(e) => {
          setKind(e.target.value as Kind);
          setPage(1);
        }}
      />
      <FormAlert message={alert} />
      <p className="field-hint" aria-live="polite">
        {picked.length} chosen{full ? ` (at most ${SOCIAL_LIMITS.media} per post)` : ''}
      </p>
      {!assets ? (
        <p role="status">Loading...</p>
      ) : assets.length === 0 ? (
        <p className="empty-state">The media library has nothing here yet.</p>
      ) : (
        <ul className="social-picker-grid" aria-busy={!assets}>
          {assets.map((a) => {
            const on = isPicked(a);
            return (
              <li key={a._id}>
                <input
                  type="checkbox"
                  id={`pick-${a._id}`}
                  checked={on}
                  disabled={!on && full}
                  onChange={(e) => toggle(a, e.target.checked)}
                />
                <label htmlFor={`pick-${a._id}`}>
                  <MediaThumb media={a} />
                  <span className="social-picker-name">{a.title || 'Untitled'}</span>
                  <span className="cell-note">{a.mimeType ?? a.mediaType}</span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {pagination && <Pager pagination={pagination} busy={!assets} noun="items" singular="item" onPage={setPage} />}
      <div className="btn-row">
        <button type="button" className="btn btn-primary" onClick={() => onDone(picked)}>
          Use {picked.length === 1 ? '1 item' : `${picked.length} items`}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
