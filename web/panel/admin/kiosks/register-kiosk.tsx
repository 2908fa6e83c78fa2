import { useEffect, useRef, useState, type FormEvent } from 'react';
import { RegisterKioskSchema } from '#core/kiosk/check-in.ts';
import { Field, FormActions, formValues, HeadedForm, useForm } from '#web/components/form-kit.tsx';
import { QrCode } from '#web/components/qr-code.tsx';
import { issuesByField } from '#web/panel/profile/profile-card.tsx';
import { registerKiosk, type KioskDevice } from './kiosks-api.ts';

export type Registered = { device: KioskDevice; url: string };

/** Name and place of a new check-in tablet. */
export function RegisterKioskForm({ onRegistered }: { onRegistered: (r: Registered, message: string) => void }) {
  const { errors, alert, busy, submit } = useForm();
  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const parsed = RegisterKioskSchema.safeParse(formValues(form));
    await submit(form, parsed.success ? {} : issuesByField(parsed.error.issues), async () => {
      const { message, ...registered } = await registerKiosk(parsed.data!);
      form.reset();
      onRegistered(registered, message);
    });
  }
  return (
    <HeadedForm
      id="kiosk-register"
      headingId="kiosk-register-title"
      title="Register a kiosk"
      busy={busy}
      alert={alert}
      onSubmit={onSubmit}
      className="card"
    >
      <div className="form-grid">
        <Field id="kiosk-name" name="name" label="Name" hint="e.g. Front desk tablet" maxLength={80} error={errors.name} />
        <Field id="kiosk-location" name="location" label="Location" optional maxLength={120} error={errors.location} />
      </div>
      <FormActions busy={busy} label="Register kiosk" busyLabel="Registering…" />
    </HeadedForm>
  );
}

/** The new kiosk's address, shown this once (only its token's hash is stored): copy it or scan it with the tablet. */
export function NewKioskAddress({ registered, onDone }: { registered: Registered; onDone: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState('');
  useEffect(() => headingRef.current?.focus(), []);
  async function copy() {
    try {
      await navigator.clipboard.writeText(registered.url);
      setCopied('Address copied.');
    } catch {
      (document.getElementById('kiosk-url') as HTMLInputElement | null)?.select();
      setCopied('Press Ctrl+C (or ⌘C) to copy the selected address.');
    }
  }
  return (
    <section className="card kiosk-address" aria-labelledby="kiosk-address-title">
      <h2 id="kiosk-address-title" ref={headingRef} tabIndex={-1}>
        Open “{registered.device.name}” on the tablet
      </h2>
      <p>
        <strong>This address is shown only now.</strong> Scan the code with the tablet’s camera, or copy the address and open it in the
        tablet’s browser. Anyone with it can check people in: do not share it. Lost it? Revoke this kiosk and register it again.
      </p>
      <div className="kiosk-address-body">
        <QrCode text={registered.url} label={`The address of ${registered.device.name}`} className="kiosk-address-qr" />
        <div className="kiosk-address-copy">
          <Field
            id="kiosk-url"
            label="Kiosk address"
            readOnly
            required={false}
            value={registered.url}
            onFocus={(e) => e.currentTarget.select()}
          />
          <div className="btn-row">
            <button type="button" className="btn btn-primary" onClick={() => void copy()}>
              Copy address
            </button>
            <button type="button" className="btn btn-secondary" onClick={onDone}>
              Done — hide the address
            </button>
          </div>
          <p role="status" className="form-status">
            {copied}
          </p>
        </div>
      </div>
    </section>
  );
}
