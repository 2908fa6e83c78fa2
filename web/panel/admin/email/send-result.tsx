import { useEffect, useRef } from 'react';
import { displayName } from '#web/lib/session.ts';
import type { Recipient, SendOutcome } from './email-types.ts';

function Who({ id, recipients }: { id: string; recipients: ReadonlyMap<string, Recipient> }) {
  const u = recipients.get(id);
  if (!u) return <li>{id}</li>;
  return (
    <li>
      {displayName(u)} <span className="email-address">&lt;{u.email}&gt;</span>
    </li>
  );
}

/** What the last send did: sent / failed / not found, and by name who did not get it. Takes the focus when it appears. */
export function SendResultSummary({ outcome, onDismiss }: { outcome: SendOutcome; onDismiss: () => void }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), [outcome]);
  const failed = outcome.results.filter((r) => r.status === 'failed');
  const clean = outcome.failed === 0 && outcome.notFound.length === 0;
  return (
    <section
      ref={ref}
      tabIndex={-1}
      className={`email-result ${clean ? 'email-result-ok' : 'email-result-warn'}`}
      aria-labelledby="email-result-title"
      data-sent={outcome.sent}
    >
      <h2 id="email-result-title">
        {outcome.sent === outcome.total
          ? `E-mail sent to ${outcome.total === 1 ? 'one user' : `all ${outcome.total} users`}`
          : `E-mail sent to ${outcome.sent} of ${outcome.total} users`}
      </h2>
      <p className="email-result-counts">
        <strong>{outcome.sent} sent</strong> · {outcome.failed} failed · {outcome.notFound.length} not found
      </p>
      {failed.length > 0 && (
        <>
          <h3>Not delivered: the mail service refused these (they stay selected, to try again)</h3>
          <ul className="email-result-list" data-list="failed">
            {failed.map((r) => (
              <Who key={r.userId} id={r.userId} recipients={outcome.recipients} />
            ))}
          </ul>
        </>
      )}
      {outcome.notFound.length > 0 && (
        <>
          <h3>Skipped: deactivated or deleted accounts</h3>
          <ul className="email-result-list" data-list="not-found">
            {outcome.notFound.map((id) => (
              <Who key={id} id={id} recipients={outcome.recipients} />
            ))}
          </ul>
        </>
      )}
      <button type="button" className="btn btn-secondary btn-sm" onClick={onDismiss}>
        Dismiss
      </button>
    </section>
  );
}
