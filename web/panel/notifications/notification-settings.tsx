import { useEffect, useState } from 'react';
import { NOTIFICATION_TYPES } from '#core/notifications/notification-options.ts';
import { FormAlert } from '#web/components/form-kit.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { PushSwitch } from './push-switch.tsx';
import { readPreferences, savePreferences, type NotificationPreferences } from './notifications-api.ts';

const TYPE_LABELS: Record<string, string> = {
  system: 'School announcements (system)',
  success: 'Confirmations (payments, approvals)',
  info: 'Information (meetings, reminders)',
  error: 'Problems (failed payments)',
  message: 'Messages from the school',
};

/** Which notifications this user wants, saved as soon as a box changes; browser push for this device. */
export function NotificationSettings() {
  const [prefs, setPrefs] = useState<NotificationPreferences | null>(null);
  const [alert, setAlert] = useState('');
  const [saved, setSaved] = useState('');

  useEffect(() => {
    const ctl = new AbortController();
    readPreferences(ctl.signal).then(setPrefs, (err) => !ctl.signal.aborted && setAlert(errorMessage(err)));
    return () => ctl.abort();
  }, []);

  async function change(patch: Partial<NotificationPreferences>) {
    if (!prefs) return;
    const before = prefs;
    setPrefs({ ...prefs, ...patch });
    setAlert('');
    setSaved('');
    try {
      setPrefs(await savePreferences(patch));
      setSaved('Notification preferences saved');
    } catch (err) {
      setPrefs(before);
      setAlert(errorMessage(err));
    }
  }

  return (
    <section className="card notification-settings" aria-labelledby="nf-settings">
      <h2 id="nf-settings">Notification settings</h2>
      {alert && <FormAlert message={alert} />}
      {prefs && (
        <>
          <div className="check-row">
            <input id="nf-inapp" type="checkbox" checked={prefs.inApp} onChange={(e) => change({ inApp: e.target.checked })} />
            <label htmlFor="nf-inapp">Show notifications in the panel</label>
          </div>
          <div className="check-row">
            <input id="nf-push" type="checkbox" checked={prefs.push} onChange={(e) => change({ push: e.target.checked })} />
            <label htmlFor="nf-push">Send browser notifications to my devices</label>
          </div>
          <fieldset className="notification-types">
            <legend>Notify me about</legend>
            {NOTIFICATION_TYPES.map((t) => (
              <div key={t} className="check-row">
                <input
                  id={`nf-type-${t}`}
                  type="checkbox"
                  checked={!prefs.mutedTypes.includes(t)}
                  onChange={(e) =>
                    change({ mutedTypes: e.target.checked ? prefs.mutedTypes.filter((m) => m !== t) : [...prefs.mutedTypes, t] })
                  }
                />
                <label htmlFor={`nf-type-${t}`}>{TYPE_LABELS[t] ?? t}</label>
              </div>
            ))}
          </fieldset>
        </>
      )}
      <h3>This device</h3>
      <PushSwitch />
      <p className="visually-hidden" role="status">
        {saved}
      </p>
    </section>
  );
}
