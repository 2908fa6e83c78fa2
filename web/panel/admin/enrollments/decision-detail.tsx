import { useEffect, useState, type ReactNode } from 'react';
import { errorMessage } from '#web/lib/api.ts';
import { Loading } from '#web/components/loading.tsx';
import { FormAlert, FormStatus } from '#web/components/form-kit.tsx';
import { navigate, PanelLink } from '#web/panel/router.tsx';
import { readEnrollment, type DecisionKind } from './enrollments-api.ts';
import { DecisionActions, type ActionOutcome, type Decided } from './decision-actions.tsx';
import { PaymentBadge, StatusBadge } from './enrollment-parts.tsx';

type Props<T extends Decided> = {
  kind: DecisionKind;
  base: string;
  id: string;
  backLabel: string;
  title: (row: T) => string;
  /** The enrolment's cards (amounts, person, dates). */
  body: (row: T) => ReactNode;
  onDeleted: (message: string) => void;
};

/** One course or membership enrolment at `<base>/<id>`: its facts, and approve / reject / delete from its status. */
export function DecisionDetail<T extends Decided>({ kind, base, id, backLabel, title, body, onDeleted }: Props<T>) {
  const [row, setRow] = useState<T | null>(null);
  const [failed, setFailed] = useState('');
  const [reload, setReload] = useState(0);
  const [alert, setAlert] = useState('');
  const [notice, setNotice] = useState('');

  useEffect(() => {
    const ctl = new AbortController();
    readEnrollment<T>(kind, id, ctl.signal).then(
      (answer) =>
        answer.data
          ? setRow(answer.data)
          : setFailed(kind === 'course' ? 'Failed to fetch enrollment' : 'Failed to fetch membership enrollment'),
      (err) => !ctl.signal.aborted && setFailed(errorMessage(err)),
    );
    return () => ctl.abort();
  }, [kind, id, reload]);

  function onOutcome(o: ActionOutcome) {
    if (o.kind === 'refused') {
      // Someone else moved it meanwhile (or the server keeps it): say why, and show it as it is now.
      setNotice('');
      setAlert(o.message);
      setReload((n) => n + 1);
      return;
    }
    if (!o.row) {
      onDeleted(o.message);
      navigate(base);
      return;
    }
    setAlert('');
    setNotice(o.message);
    setReload((n) => n + 1);
  }

  const back = (
    <p className="back-link">
      <PanelLink href={base}>← {backLabel}</PanelLink>
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
  const name = title(row);
  return (
    <div className="panel-screen enrollment-detail" data-ready="" data-status={row.enrollmentStatus} data-payment={row.paymentStatus}>
      {back}
      <div className="screen-head">
        <h1>{name}</h1>
        <span className="enrollment-badges">
          <StatusBadge status={row.enrollmentStatus} />
          <PaymentBadge status={row.paymentStatus} />
        </span>
      </div>
      <FormStatus message={notice} />
      <FormAlert message={alert} />
      <DecisionActions kind={kind} row={row} name={name} onOutcome={onOutcome} />
      <div className="order-detail-layout enrollment-detail-layout">{body(row)}</div>
    </div>
  );
}
