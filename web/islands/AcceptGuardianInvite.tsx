import { useEffect, useState } from 'react';
import { FormAlert, FormStatus } from '#web/components/form-kit.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { acceptInvite } from '#web/lib/family-api.ts';
import { displayName, storedToken, storedUser } from '#web/lib/session.ts';
import { loginHref } from '#web/pages/public/links.ts';

type State = { kind: 'visitor' } | { kind: 'ready'; who: string } | { kind: 'done'; names: string[] };

/**
 * The invitation link's page: before JavaScript and for visitors, a link to log in that comes back here;
 * signed in, Accept links the account to the inviter's children (the e-mail must be the invited one).
 */
export default function AcceptGuardianInvite({ token }: { token: string }) {
  const [state, setState] = useState<State>({ kind: 'visitor' });
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState('');
  const here = `/family/accept?token=${encodeURIComponent(token)}`;

  useEffect(() => {
    const user = storedUser();
    if (storedToken() && user) setState({ kind: 'ready', who: `${displayName(user)} (${user.email})` });
  }, []);

  if (!token) return <FormAlert message="This invitation link is incomplete. Ask for a new invitation." />;
  if (state.kind === 'visitor')
    return (
      <div className="form-done" data-ready="">
        <p>Log in with the e-mail address the invitation was sent to, then accept it here.</p>
        <a className="btn btn-primary" href={loginHref(here)}>
          Log in to accept
        </a>
        <p className="muted small">
          No account yet? <a href={`/auth/register?next=${encodeURIComponent(here)}`}>Create one with that e-mail</a>.
        </p>
      </div>
    );
  if (state.kind === 'done')
    return (
      <div className="form-done" data-ready="">
        <FormStatus message={`You are now a guardian of ${state.names.join(', ') || 'the children'}.`} />
        <a className="btn btn-primary" href="/student/family">
          Open Family
        </a>
      </div>
    );

  async function accept() {
    setBusy(true);
    setAlert('');
    try {
      const body = await acceptInvite(token);
      setState({ kind: 'done', names: (body.data?.children ?? []).map((c) => c.name) });
    } catch (err) {
      setAlert(errorMessage(err));
      setBusy(false);
    }
  }

  return (
    <div className="form-done" data-ready="">
      <p>
        Signed in as <strong>{state.who}</strong>. Accepting links your account to the children of the family that invited you: you can book
        their classes, pay their dues and sign for them.
      </p>
      <FormAlert message={alert} />
      <button type="button" className="btn btn-primary" onClick={() => void accept()} disabled={busy}>
        {busy ? 'Accepting…' : 'Accept the invitation'}
      </button>
    </div>
  );
}
