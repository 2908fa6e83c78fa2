import type { SiteInfo } from '#web/components/site-info.ts';
import { AuthLayout } from './auth-layout.tsx';
import { EmailRequest } from './email-request.tsx';

export type VerifyOutcome = { ok: boolean; message: string };

/** Rendered after the server already spent the link: the result needs no JavaScript. */
export function VerifyEmailPage({ site, ok, message }: VerifyOutcome & { site: SiteInfo }) {
  if (ok) {
    return (
      <AuthLayout site={site} title="Email verified">
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
    <AuthLayout site={site} title="We could not verify your email">
      <p className="form-alert" role="alert">
        {message}
      </p>
      <p className="muted">Links work once and expire after 24 hours. Enter your email to get a new one.</p>
      <EmailRequest kind="resend" hydrate="visible" />
    </AuthLayout>
  );
}
