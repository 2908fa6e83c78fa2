import { useEffect, useState, type ReactNode } from 'react';
import { errorMessage } from '#web/lib/api.ts';
import { Loading } from '#web/components/loading.tsx';
import { FormAlert, FormStatus } from '#web/components/form-kit.tsx';
import { navigate, PanelLink } from '#web/panel/router.tsx';
import { DecisionActions, type ActionOutcome, type DecisionMoves } from './decision-actions.tsx';

/** A decision kind as its pages show it: the moves, and how one row is read and shown at `<base>/<id>`. */
export type DecisionKind<R> = DecisionMoves<R> & {
  /** The row, or null when the answer has none (then `failed` is shown). */
  read: (id: string, signal: AbortSignal) => Promise<R | null>;
  failed: string;
  backLabel: string;
  /** The status badges beside the heading. */
  badges: (row: R) => ReactNode;
  /** The page's data attributes (its states, for the browser tests and the styles). */
  data: (row: R) => Record<`data-${string}`, string>;
  /** The row's cards (amounts, person, dates). */
  facts: (row: R) => ReactNode;
};

type Props<R> = { kind: DecisionKind<R>; base: string; id: string; onDeleted: (message: string) => void };

/** One enrolment or application at `<base>/<id>`: its facts, and the moves its state allows. */
export function DecisionDetail<R>({ kind, base, id, onDeleted }: Props<R>) {
  const [row, setRow] = useState<R | null>(null);
  const [failed, setFailed] = useState('');
  const [reload, setReload] = useState(0);
  const [alert, setAlert] = useState('');
  const [notice, setNotice] = useState('');

  useEffect(() => {
    const ctl = new AbortController();
    kind.read(id, ctl.signal).then(
      (found) => (found ? setRow(found) : setFailed(kind.failed)),
      (err) => !ctl.signal.aborted && setFailed(errorMessage(err)),
    );
    return () => ctl.abort();
  }, [kind, id, reload]);

  function onOutcome(o: ActionOutcome<R>) {
    if (o.kind === 'done' && !o.row) {
      onDeleted(o.message);
      navigate(base);
      return;
    }
    // A refusal (someone else moved it meanwhile, or the server keeps it) is shown, and the page shows the row as it is now.
    setNotice(o.kind === 'done' ? o.message : '');
    setAlert(o.kind === 'refused' ? o.message : '');
    setReload((n) => n + 1);
  }

  const back = (
    <p className="back-link">
      <PanelLink href={base}>← {kind.backLabel}</PanelLink>
    </p>
  );
  if (failed)
    return (
      <div className="panel-screen enrollment-detail" data-ready="">
        {back}
        <FormAlert message={failed} />
      </div>
    );
  if (!row) return <Loading label="Loading..." />;
  return (
    <div className="panel-screen enrollment-detail" data-ready="" {...kind.data(row)}>
      {back}
      <div className="screen-head">
        <h1>{kind.name(row)}</h1>
        <span className="enrollment-badges">{kind.badges(row)}</span>
      </div>
      <FormStatus message={notice} />
      <FormAlert message={alert} />
      <DecisionActions kind={kind} row={row} onOutcome={onOutcome} />
      <div className="order-detail-layout enrollment-detail-layout">{kind.facts(row)}</div>
    </div>
  );
}
