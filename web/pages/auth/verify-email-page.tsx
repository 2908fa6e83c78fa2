import { Island } from '#web/components/island.tsx';
import EmailRequestForm from '#web/islands/EmailRequestForm.tsx';
import { AuthLayout } from './auth-layout.tsx';

export type VerifyOutcome = { ok: boolean; message: string };

/** Rendered after the server already spent the link: the result needs no JavaScript. */
export function VerifyEmailPage({ ok, message }: VerifyOutcome) {
  if (ok) {
    return (
      <AuthLayout title="Email verified">
        <p className="form-status" role="status">
          {message}
        </p>
        <a className="btn btn-primary" href="/auth/login">
          Log in
        </a>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="We could not verify your email">
      <p className="form-alert" role="alert">
        {message}
      </p>
      <p className="muted">Links work once and expire after 24 hours. Enter your email to get a new one.</p>
      <Island
        name="EmailRequestForm"
        component={EmailRequestForm}
        props={{ endpoint: '/auth/resend-verification', submitLabel: 'Send a new verification link', idPrefix: 'resend' }}
        hydrate="visible"
      />
    </AuthLayout>
  );
}
