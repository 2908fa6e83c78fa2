import type { OfflineInfo } from '#web/lib/content-api.ts';

const when = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? 'earlier' : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
};

/** Says that the list is the copy stored in this browser because the server could not be reached. */
export function OfflineNotice({ info }: { info: OfflineInfo }) {
  return (
    <p className="notice offline-notice" role="status">
      <strong>Offline copy.</strong> The server could not be reached ({info.message}), so this is the copy saved in this browser on{' '}
      <time dateTime={info.savedAt}>{when(info.savedAt)}</time>. Saving changes needs the connection back.
    </p>
  );
}
