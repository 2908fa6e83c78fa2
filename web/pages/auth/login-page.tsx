import { Island } from '#web/components/island.tsx';
import type { SiteInfo } from '#web/components/site-info.ts';
import LoginForm from '#web/islands/LoginForm.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { LOGIN_FLOWS, type LoginFlow } from './login-flows.ts';

const tabHref = (flow: LoginFlow, next: string | null) => {
  const params = new URLSearchParams();
  if (flow.key !== LOGIN_FLOWS[0]?.key) params.set('as', flow.key);
  if (next) params.set('next', next);
  const qs = params.toString();
  return `/auth/login${qs ? `?${qs}` : ''}`;
};

type LoginPageProps = { site: SiteInfo; flow: LoginFlow; next: string | null; notice?: string };

/**
 * One tab per login flow of the same audience (public or staff); the tabs are plain links, so choosing
 * one works without JavaScript. The other audience's flows are one link away.
 */
export function LoginPage({ site, flow, next, notice }: LoginPageProps) {
  const tabs = LOGIN_FLOWS.filter((f) => f.staff === flow.staff);
  const other = LOGIN_FLOWS.find((f) => f.staff !== flow.staff) as LoginFlow;
  return (
    <AuthLayout
      site={site}
      title="Log in"
      current="/auth/login"
      intro={next ? <p className="notice">Please log in to continue.</p> : <p className="muted">Welcome back. Choose how you log in.</p>}
      footer={
        <p>
          New to the dojo? <a href={next ? `/auth/register?next=${encodeURIComponent(next)}` : '/auth/register'}>Create an account</a>
        </p>
      }
    >
      <nav className="auth-tabs" aria-label="Ways to log in">
        <ul>
          {tabs.map((f) => (
            <li key={f.key}>
              <a href={tabHref(f, next)} aria-current={f.key === flow.key ? 'page' : undefined}>
                {f.tab}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <h2 className="auth-subtitle">{flow.heading}</h2>
      {flow.hint && <p className="muted">{flow.hint}</p>}
      {notice && (
        <p className="notice" role="alert">
          {notice}
        </p>
      )}
      <noscript>
        <p className="notice">Logging in needs JavaScript. Please turn it on in your browser and reload this page.</p>
      </noscript>
      <Island name="LoginForm" component={LoginForm} props={{ flow, next }} hydrate="load" />
      <p className="auth-links">
        <a href="/auth/forgot-password">Forgot your password?</a>
      </p>
      <p className="auth-links">
        <a href={tabHref(other, next)}>{flow.staff ? 'Member and student sign-in' : 'Staff sign-in'}</a>
      </p>
    </AuthLayout>
  );
}
