import { useEffect, useState, type FormEvent } from 'react';
import { MEDIA_ACCEPT, MAX_FILES_PER_REQUEST } from '#core/media/limits.ts';
import { pagination } from '#core/paging.ts';
import { api, errorMessage } from '#web/lib/api.ts';
import { readMedia, type ContentAnswer } from '#web/lib/content-api.ts';
import { FormAlert, FormStatus, SelectField } from '#web/components/form-kit.tsx';
import { navigate } from '#web/panel/router.tsx';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';
import { formatBytes } from '#web/panel/resource/file-input.tsx';
import { ListBody, ListFilters, SearchField } from '#web/panel/resource/list-kit.tsx';
import { OfflineNotice } from '#web/panel/resource/offline-notice.tsx';
import { Pager } from '#web/panel/resource/pager.tsx';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { MediaUpload } from './media-upload.tsx';

export type MediaItem = {
  _id: string;
  mediaType: 'image' | 'video';
  url: string;
  fileName: string;
  size: number;
  altText: string;
  caption: string;
  createdAt: string;
};
const OWNER = /^[A-Za-z0-9_-]{1,64}$/;
const DEFAULT_OWNER = 'site';
const PAGE_SIZE = 24;
const TYPE_OPTIONS = [
  { value: 'image', label: 'Images' },
  { value: 'video', label: 'Videos' },
];

/** Files attached to one owner (a course, an event, a page…): GET/POST /media/:ownerId, kept offline (spec 8). */
export default function MediaScreen({ base, path }: PanelScreenProps) {
  const owner = path[0] && OWNER.test(decodeURIComponent(path[0])) ? decodeURIComponent(path[0]) : DEFAULT_OWNER;
  const [page, setPage] = useState(1);
  const [type, setType] = useState('');
  const [answer, setAnswer] = useState<ContentAnswer<MediaItem[]> | null>(null);
  const [loading, setLoading] = useState(true);
  const [reload, setReload] = useState(0);
  const [alert, setAlert] = useState('');
  const [notice, setNotice] = useState('');
  const [ownerError, setOwnerError] = useState('');
  const [deleting, setDeleting] = useState<MediaItem | null>(null);

  useEffect(() => {
    const ctl = new AbortController();
    setLoading(true);
    readMedia<MediaItem>(owner, { query: { page, limit: PAGE_SIZE, mediaType: type }, signal: ctl.signal }).then(
      (body) => {
        setAnswer(body);
        setAlert('');
        setLoading(false);
      },
      (err) => {
        if (ctl.signal.aborted) return;
        setAlert(errorMessage(err));
        setAnswer((a) => a ?? { success: false, data: [] });
        setLoading(false);
      },
    );
    return () => ctl.abort();
  }, [owner, page, type, reload]);

  function onOwner(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const next = String(new FormData(e.currentTarget).get('owner') ?? '').trim();
    if (!OWNER.test(next)) {
      setOwnerError('Use 1 to 64 letters, digits, dashes or underscores');
      return;
    }
    setOwnerError('');
    setPage(1);
    navigate(`${base}/${encodeURIComponent(next)}`);
  }

  const changed = (message: string) => {
    setNotice(message);
    setDeleting(null);
    setReload((n) => n + 1);
  };
  const items = answer?.data ?? [];
  const paging = answer?.pagination ?? pagination(page, PAGE_SIZE, items.length);
  return (
    <div className="panel-screen media-screen" data-ready={answer ? '' : undefined} data-loading={loading ? '' : undefined}>
      <h1>Media attachments</h1>
      <p className="lead">Images and videos that belong to a course, an event, a page or any other item, found by its ID.</p>
      <FormStatus message={notice} />
      <FormAlert message={alert} />
      {answer?.offline && <OfflineNotice info={answer.offline} />}
      <ListFilters label="Choose the owner" search={false} submit="Show" onSubmit={onOwner}>
        <SearchField
          key={owner}
          id="media-owner"
          name="owner"
          type="text"
          label="Owner ID"
          hint="The ID at the end of a course’s or event’s address in this panel, or a name of your own such as “site”."
          defaultValue={owner}
          maxLength={64}
          error={ownerError}
        />
        <SelectField
          id="media-type"
          label="Type"
          allLabel="Images and videos"
          options={TYPE_OPTIONS}
          value={type}
          onChange={(e) => (setType(e.target.value), setPage(1))}
        />
      </ListFilters>

      <MediaUpload owner={owner} accept={MEDIA_ACCEPT} maxFiles={MAX_FILES_PER_REQUEST} onUploaded={changed} />

      <ListBody ready={!!answer} empty={items.length === 0 && `Nothing is attached to “${owner}” yet.`}>
        <ul className="media-grid" aria-label={`Media of ${owner}`} aria-busy={loading}>
          {items.map((m) => (
            <li key={m._id} className="media-card" data-id={m._id}>
              {m.mediaType === 'image' ? (
                <img src={m.url} alt={m.altText} loading="lazy" width={240} height={160} />
              ) : (
                <video src={m.url} controls preload="metadata" width={240} height={160} aria-label={m.altText || m.fileName} />
              )}
              <div className="media-card-body">
                <p className="media-name">{m.caption || m.fileName}</p>
                <p className="muted">
                  {m.mediaType === 'image' ? 'Image' : 'Video'} · {formatBytes(m.size)}
                </p>
                <button type="button" className="btn btn-danger btn-sm" onClick={() => setDeleting(m)} aria-label={`Delete ${m.fileName}`}>
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      </ListBody>
      {answer && <Pager pagination={paging} busy={loading} noun="files" singular="file" onPage={setPage} />}

      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.fileName}?`}
          confirmLabel="Delete"
          busyLabel="Deleting…"
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            const body = await api(`/media/${encodeURIComponent(owner)}/${encodeURIComponent(deleting._id)}`, {
              method: 'DELETE',
              fallback: 'Failed to delete media item',
            });
            changed(body.message ?? 'Media item deleted');
          }}
        >
          <p>The file is removed from storage and from every page that shows it.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
