import { localDateTime } from '#web/components/format.ts';
import type { OfflineInfo } from '#web/lib/content-api.ts';

const when = (iso: string) => localDateTime(iso) || 'earlier';

/** Says that the list is the copy stored in this browser because the server could not be reached. */
export function OfflineNotice({ info }: { info: OfflineInfo }) {
  return (
    <p className="notice offline-notice" role="status">
      <strong>Offline copy.</strong> The server could not be reached ({info.message}), so this is the copy saved in this browser on{' '}
      <time dateTime={info.savedAt}>{when(info.savedAt)}</time>. Saving changes needs the connection back.
    </p>
  );
}
