import { SchoolTime } from '#web/components/school-zone.tsx';
import type { OfflineInfo } from '#web/lib/content-api.ts';

/** Says that the list is the copy stored in this browser because the server could not be reached. */
export function OfflineNotice({ info }: { info: OfflineInfo }) {
  return (
    <p className="notice offline-notice" role="status">
      <strong>Offline copy.</strong> The server could not be reached ({info.message}), so this is the copy saved in this browser on{' '}
      <SchoolTime iso={info.savedAt} fallback="earlier" />. Saving changes needs the connection back.
    </p>
  );
}
