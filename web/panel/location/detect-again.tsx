import { lazy, Suspense, useState } from 'react';
import type { SessionUser } from '#web/lib/session.ts';

const LocationDialog = lazy(() => import('./location-dialog.tsx').then((m) => ({ default: m.LocationDialog })));

/** The profile's "Detect again": the location prompt's own dialog, opened on request; saving updates the profile through rememberUser. */
export function DetectAgain({ user }: { user: Pick<SessionUser, '_id'> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => setOpen(true)}>
        Detect again
      </button>
      {open && (
        <Suspense fallback={null}>
          <LocationDialog user={user} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
