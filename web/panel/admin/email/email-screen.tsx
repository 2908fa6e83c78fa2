import { useCallback, useState } from 'react';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { ComposeForm } from './compose-form.tsx';
import { Recipients } from './recipients.tsx';
import { SendResultSummary } from './send-result.tsx';
import type { Recipient, SendOutcome } from './email-types.ts';

/** Spec 7 Admin e-mail: choose users (kept across pages), write once, send to one or many, read what happened. */
export default function EmailScreen(_props: PanelScreenProps) {
  const [picked, setPicked] = useState<ReadonlyMap<string, Recipient>>(new Map());
  const [outcome, setOutcome] = useState<SendOutcome | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [loading, setLoading] = useState(true);
  const onLoading = useCallback((busy: boolean) => {
    setLoading(busy);
    if (!busy) setLoaded(true);
  }, []);

  function onSent(result: SendOutcome) {
    setOutcome(result);
    // The ones the mail service refused stay chosen, so Send tries them again; the rest is done.
    const failed = new Set(result.results.filter((r) => r.status === 'failed').map((r) => r.userId));
    setPicked(new Map([...result.recipients].filter(([id]) => failed.has(id))));
  }

  function dismiss() {
    setOutcome(null);
    document.getElementById('email-subject')?.focus();
  }

  return (
    <div className="panel-screen email-screen" data-ready={loaded ? '' : undefined} data-loading={loading ? '' : undefined}>
      <h1>E-mail to users</h1>
      {outcome && <SendResultSummary outcome={outcome} onDismiss={dismiss} />}
      <Recipients picked={picked} onPick={setPicked} onLoading={onLoading} />
      <ComposeForm recipients={picked} onSent={onSent} />
    </div>
  );
}
