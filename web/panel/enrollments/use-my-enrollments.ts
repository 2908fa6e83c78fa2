import { useCallback, useEffect, useState } from 'react';
import type { SessionUser } from '#web/lib/session.ts';
import { unlessSessionEnded } from './enrollment-parts.tsx';
import { useEnrollmentUpdates } from './enrollment-updates.ts';
import type { MyList } from './my-enrollments-api.ts';

/**
 * The state both "My courses" and "My memberships" keep: the list (or its stored copy), the alert and
 * status lines, the row being paid, cancelled or renewed, and a reload when the school decides live.
 */
export function useMyEnrollments<T extends { _id: string }>(
  user: SessionUser,
  read: () => Promise<MyList<T>>,
  payOne: (item: T) => Promise<unknown>,
) {
  const [state, setState] = useState<MyList<T> | null>(null);
  const [alert, setAlert] = useState('');
  const [status, setStatus] = useState('');
  const [paying, setPaying] = useState('');
  const [cancelling, setCancelling] = useState<T | null>(null);
  const [renewing, setRenewing] = useState<T | null>(null);
  const load = useCallback(
    () =>
      read().then(setState, (err: unknown) => {
        setState((s) => s ?? { success: false, items: [] });
        setAlert(unlessSessionEnded(err));
      }),
    [read],
  );
  useEffect(() => void load(), [load]);
  useEnrollmentUpdates(user, load);

  /** Opens the gateway for an unpaid one; nothing to pay (free) reloads the list instead. */
  async function pay(item: T) {
    setPaying(item._id);
    setAlert('');
    try {
      if ((await payOne(item)) === 'free') await load();
    } catch (err) {
      setAlert(unlessSessionEnded(err));
    }
    setPaying('');
  }

  return { state, load, alert, setAlert, status, setStatus, paying, pay, cancelling, setCancelling, renewing, setRenewing };
}
