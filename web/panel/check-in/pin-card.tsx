import { useRef, useState, type FormEvent } from 'react';
import { PinSchema } from '#core/kiosk/check-in.ts';
import { Field, FormActions, FormStatus, formValues, HeadedForm, useForm } from '#web/components/form-kit.tsx';
import { issuesByField } from '#web/panel/profile/profile-card.tsx';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';
import { removeMyPin, saveMyPin } from './check-in-api.ts';

/** Set, change or remove the PIN a kiosk's keypad takes when the phone stays at home. */
export function PinCard({ hasPin, onChanged }: { hasPin: boolean; onChanged: () => void }) {
  const ref = useRef<HTMLFormElement>(null);
  const { errors, alert, busy, submit } = useForm();
  const [saved, setSaved] = useState('');
  const [confirming, setConfirming] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const parsed = PinSchema.safeParse(formValues(form));
    setSaved('');
    await submit(form, parsed.success ? {} : issuesByField(parsed.error.issues), async () => {
      setSaved(await saveMyPin(parsed.data!.pin));
      form.reset();
      onChanged();
    });
  }

  return (
    <>
      <HeadedForm
        ref={ref}
        id="ci-pin-form"
        headingId="ci-pin-title"
        title={hasPin ? 'Your PIN' : 'Add a PIN'}
        busy={busy}
        alert={alert}
        onSubmit={onSubmit}
        className="card check-in-card"
      >
        <p className="field-hint">
          {hasPin
            ? 'A PIN is set. You can type it on the kiosk’s keypad when you do not have your phone with you.'
            : 'Optional: type a PIN on the kiosk’s keypad when you do not have your phone with you.'}
        </p>
        <Field
          id="ci-pin"
          name="pin"
          label={hasPin ? 'New PIN' : 'PIN'}
          hint="4 to 6 digits that nobody could guess (not your birth year). Each PIN belongs to one person."
          type="password"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          maxLength={6}
          error={errors.pin}
        />
        <FormActions busy={busy} label={hasPin ? 'Change PIN' : 'Set PIN'} />
        <FormStatus message={saved} />
        {hasPin && (
          <p>
            <button type="button" className="btn btn-secondary" onClick={() => setConfirming(true)}>
              Remove PIN
            </button>
          </p>
        )}
      </HeadedForm>
      {confirming && (
        <ConfirmDialog
          title="Remove your PIN?"
          confirmLabel="Remove PIN"
          busyLabel="Removing…"
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            setSaved(await removeMyPin());
            setConfirming(false);
            onChanged();
          }}
        >
          <p>The kiosk’s keypad will no longer check you in; your QR code keeps working.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
