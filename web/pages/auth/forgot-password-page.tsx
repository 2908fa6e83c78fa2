import { Island } from '#web/components/island.tsx';
import type { SiteInfo } from '#web/components/site-info.ts';
import EmailRequestForm from '#web/islands/EmailRequestForm.tsx';
import { AuthLayout } from './auth-layout.tsx';

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
      <Island
        name="EmailRequestForm"
        component={EmailRequestForm}
        props={{ endpoint: '/auth/forgot-password', submitLabel: 'Send reset link', idPrefix: 'forgot' }}
        hydrate="load"
      />
    </AuthLayout>
  );
}
