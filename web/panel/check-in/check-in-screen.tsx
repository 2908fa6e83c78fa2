import { useEffect, useState } from 'react';
import { FormAlert, FormStatus } from '#web/components/form-kit.tsx';
import { Loading } from '#web/components/loading.tsx';
import { QrCode } from '#web/components/qr-code.tsx';
import { SchoolTime } from '#web/components/school-zone.tsx';
import { errorMessage } from '#web/lib/api.ts';
import type { OfflineInfo } from '#web/lib/content-api.ts';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { readMyQr, rotateMyQr, type MyQr } from './check-in-api.ts';
import { PinCard } from './pin-card.tsx';

type State = { qr: MyQr | null; offline: OfflineInfo | undefined; error: string };

/** The person's check-in code for the dojo's kiosk (issue 24 §4): the QR code, a new one on request, and a PIN. */
export default function CheckInScreen(_: PanelScreenProps) {
  const [state, setState] = useState<State | null>(null);
  const [reload, setReload] = useState(0);
  const [notice, setNotice] = useState('');
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    const ctl = new AbortController();
    readMyQr(ctl.signal).then(
      ({ qr, offline }) => setState({ qr, offline, error: '' }),
      (err: unknown) => !ctl.signal.aborted && setState((s) => ({ qr: s?.qr ?? null, offline: s?.offline, error: errorMessage(err) })),
    );
    return () => ctl.abort();
  }, [reload]);

  const qr = state?.qr;
  return (
    <div className="panel-screen check-in" data-ready={state ? '' : undefined}>
      <h1>Check-in</h1>
      <p className="lead">Show this code to the kiosk’s camera at the dojo to check in to your class.</p>
      <FormStatus message={notice} />
      <FormAlert message={state?.error ?? ''} />
      {!state ? (
        <Loading label="Loading your check-in code…" />
      ) : (
        qr && (
          <div className="check-in-grid">
            <section className="card check-in-card check-in-code" aria-labelledby="ci-code-title">
              <h2 id="ci-code-title">Your QR code</h2>
              {state.offline && (
                <p className="check-in-offline" role="note">
                  You are offline: this is the code saved on this device, and it still works at the kiosk.
                </p>
              )}
              <QrCode text={qr.token} label="Your check-in QR code" />
              <p className="field-hint">
                Turn your screen’s brightness up if the kiosk does not read it. Issued <SchoolTime iso={qr.rotatedAt} show="date" />.
              </p>
              <button type="button" className="btn btn-secondary" onClick={() => setConfirming(true)} disabled={!!state.offline}>
                Show a new code
              </button>
            </section>
            <PinCard hasPin={qr.hasPin} onChanged={() => setReload((n) => n + 1)} />
          </div>
        )
      )}
      {confirming && (
        <ConfirmDialog
          title="Show a new code?"
          confirmLabel="Show a new code"
          busyLabel="Changing…"
          danger={false}
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            setNotice(await rotateMyQr());
            setConfirming(false);
            setReload((n) => n + 1);
          }}
        >
          <p>
            Your current code stops working at the kiosks once they next update. Do this if someone else may have a photo or copy of your
            code.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
