import { Island } from '#web/components/island.tsx';
import type { SiteInfo } from '#web/components/site-info.ts';
import RegisterForm from '#web/islands/RegisterForm.tsx';
import { AuthLayout } from './auth-layout.tsx';

export function RegisterPage({ site, next = null }: { site: SiteInfo; next?: string | null }) {
  return (
    <AuthLayout
      site={site}
      title="Create your account"
      current="/auth/register"
      intro={<p className="muted">Join the dojo as a member: book classes, follow your courses and shop online.</p>}
      footer={
        <p>
          Already have an account? <a href={next ? `/auth/login?next=${encodeURIComponent(next)}` : '/auth/login'}>Log in</a>
        </p>
      }
    >
      <Island name="RegisterForm" component={RegisterForm} props={{ next }} hydrate="load" />
    </AuthLayout>
  );
}
