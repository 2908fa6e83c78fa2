import { useEffect, useState } from 'react';
import { api, errorMessage } from '#web/lib/api.ts';
import { Loading } from '#web/components/loading.tsx';
import { FormAlert, FormStatus } from '#web/components/form-kit.tsx';
import { ResourceForm } from '#web/panel/resource/resource-form.tsx';
import type { Item } from '#web/panel/resource/types.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { settingsConfig } from './settings-fields.ts';

type Settings = Item & { schoolName: string; updatedAt: string };
/** GET /settings says which payment gateways are offered, with a notice when there is none (checkout is then off). */
type PaymentSetup = { availableGateways: string[]; notice: string | null };

/** Site settings (GET/PUT /settings): school name, logo, contact, currency, social links, legal texts. */
export default function SettingsScreen(_props: PanelScreenProps) {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [failed, setFailed] = useState('');
  const [notice, setNotice] = useState('');
  const [payments, setPayments] = useState<PaymentSetup | null>(null);

  useEffect(() => {
    const ctl = new AbortController();
    api<Omit<Settings, '_id'> & { payments?: PaymentSetup }>('/settings', {
      signal: ctl.signal,
      fallback: 'Failed to fetch settings',
    }).then(
      (body) => {
        if (!body.data) return;
        const { payments: setup, ...rest } = body.data;
        setPayments(setup ?? null);
        setSettings({ ...rest, _id: 'settings' } as Settings);
      },
      (err) => !ctl.signal.aborted && setFailed(errorMessage(err)),
    );
    return () => ctl.abort();
  }, []);

  return (
    <div className="panel-screen settings-screen" data-ready={settings || failed ? '' : undefined}>
      <h1>Settings</h1>
      <FormStatus message={notice} />
      <FormAlert message={failed} />
      {payments?.notice && (
        <FormAlert message={payments.notice}>. Set every setting of Stripe, PayPal or Razorpay to take payments.</FormAlert>
      )}
      {!settings && !failed && <Loading label="Loading..." />}
      {settings && (
        <ResourceForm
          key={settings.updatedAt}
          config={settingsConfig}
          item={settings}
          request={{ path: '/settings', method: 'PUT' }}
          heading="School and website"
          submitLabel="Save settings"
          onSaved={(message, saved) => {
            // The panel reads dates in the zone it was opened with (its boot props).
            const rezoned = saved && (saved as Item).timeZone !== settings.timeZone;
            setNotice(rezoned ? `${message}. Reload the page to see the panel's dates in the new time zone.` : message);
            if (saved) setSettings({ ...(saved as Settings), _id: 'settings' });
            window.scrollTo(0, 0);
          }}
        />
      )}
    </div>
  );
}
