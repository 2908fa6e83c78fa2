import type { SiteInfo } from '#web/components/site-info.ts';
import { AuthLayout } from './auth-layout.tsx';
import { EmailRequest } from './email-request.tsx';

export function ForgotPasswordPage({ site }: { site: SiteInfo }) {
  return (
    <AuthLayout
      site={site}
      title="Forgot your password?"
      intro={<p className="muted">Enter the email address of your account and we will send you a link to choose a new password.</p>}
      footer={
        <p>
          Remembered it? <a href="/auth/login">Back to log in</a>
        </p>
      }
    >
      <EmailRequest kind="forgot" hydrate="load" />
    </AuthLayout>
  );
}
