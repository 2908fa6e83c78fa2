import { Island } from '#web/components/island.tsx';
import ResetPasswordForm from '#web/islands/ResetPasswordForm.tsx';
import { AuthLayout } from './auth-layout.tsx';

export function ResetPasswordPage({ token, email }: { token: string; email: string }) {
  return (
    <AuthLayout
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
