import { lazy, Suspense, useEffect, useState } from 'react';
import type { SessionUser } from '#web/lib/session.ts';
import { markPromptSeen, shouldPrompt } from './prompt-seen.ts';

const LocationDialog = lazy(() => import('./location-dialog.tsx').then((m) => ({ default: m.LocationDialog })));

/** Mounted by the panel shell: opens the location dialog once (its chunk loads only then). */
export function LocationPrompt({ user }: { user: SessionUser }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!shouldPrompt(user)) return;
    markPromptSeen();
    setOpen(true);
  }, [user]);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <LocationDialog user={user} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
