import { Island } from '#web/components/island.tsx';
import type { SiteInfo } from '#web/components/site-info.ts';
import ResetPasswordForm from '#web/islands/ResetPasswordForm.tsx';
import { AuthLayout } from './auth-layout.tsx';

export function ResetPasswordPage({ site, token, email }: { site: SiteInfo; token: string; email: string }) {
  return (
    <AuthLayout
      site={site}
      title="Choose a new password"
      footer={
        <p>
          <a href="/auth/login">Back to log in</a>
        </p>
      }
    >
      <Island name="ResetPasswordForm" component={ResetPasswordForm} props={{ token, email }} hydrate="load" />
    </AuthLayout>
  );
}
