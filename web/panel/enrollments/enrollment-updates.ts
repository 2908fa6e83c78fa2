import { useEffect } from 'react';
import { isEnrollmentNotice } from '#web/lib/enrollment-panel-format.ts';
import { subscribeLiveEvents } from '#web/lib/live-events.ts';
import { storedToken } from '#web/lib/session.ts';

/** Reads the open list again when a notification about an enrolment arrives (an approval, a payment, an expiry). */
export function useEnrollmentUpdates(user: { _id: string; role: string }, reload: () => unknown) {
  useEffect(() => {
    const token = storedToken();
    if (!token) return;
    return subscribeLiveEvents(user, token, (frame) => {
      if (frame.type === 'notification' && isEnrollmentNotice(frame.data)) void reload();
    });
  }, [user, reload]);
}
