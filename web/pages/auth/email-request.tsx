import { Island, type HydrateWhen } from '#web/components/island.tsx';
import EmailRequestForm from '#web/islands/EmailRequestForm.tsx';

const REQUESTS = {
  forgot: { endpoint: '/auth/forgot-password', submitLabel: 'Send reset link', idPrefix: 'forgot' },
  resend: { endpoint: '/auth/resend-verification', submitLabel: 'Send a new verification link', idPrefix: 'resend' },
} as const;

/** The e-mail form that asks for a link: a new password's (forgot) or a new verification's (resend). */
export function EmailRequest({ kind, hydrate }: { kind: keyof typeof REQUESTS; hydrate: HydrateWhen }) {
  return <Island name="EmailRequestForm" component={EmailRequestForm} props={REQUESTS[kind]} hydrate={hydrate} />;
}
