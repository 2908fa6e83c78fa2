import { useState } from 'react';
import { Field, type Errors } from '#web/components/form-kit.tsx';
import { PASSWORD_MESSAGES } from '#core/password-policy.ts';
import { ProfileCard, UsernameHint } from './profile-card.tsx';
import { deactivateAccount } from './profile-api.ts';

/** Closing one's own account: the password confirms it; every session ends and this page signs out. */
export function DeactivateCard({ email }: { email: string }) {
  const [done, setDone] = useState('');
  if (done)
    return (
      <section className="card profile-card profile-danger" aria-labelledby="pf-deactivated-title">
        <h2 id="pf-deactivated-title">Account deactivated</h2>
        <p role="status">{done}</p>
        <p>
          <a className="btn btn-secondary" href="/">
            Go to the home page
          </a>
        </p>
      </section>
    );
  return (
    <ProfileCard
      id="pf-deactivate"
      title="Deactivate your account"
      className="profile-danger"
      intro={
        <p>
          You will be signed out everywhere and can no longer log in. Your records stay with the school, which can reactivate the account if
          you ask.
        </p>
      }
      submitLabel="Deactivate my account"
      busyLabel="Deactivating…"
      check={(v): Errors => (v.password ? {} : { password: PASSWORD_MESSAGES.required })}
      save={async (v) => {
        setDone(await deactivateAccount(v.password ?? ''));
        return '';
      }}
    >
      {(errors) => (
        <>
          <UsernameHint email={email} />
          <Field
            id="pf-deactivate-password"
            name="password"
            label="Your password, to confirm"
            type="password"
            autoComplete="current-password"
            error={errors.password}
          />
        </>
      )}
    </ProfileCard>
  );
}
