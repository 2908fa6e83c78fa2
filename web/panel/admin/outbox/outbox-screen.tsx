import { useEffect, useState, type FormEvent } from 'react';
import { FormAlert } from '#web/components/form-kit.tsx';
import { Loading } from '#web/components/loading.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { PanelLink } from '#web/panel/router.tsx';
import { DataTable, ListFilters, ListResults, ListScreen, SearchField, TableHead } from '#web/panel/resource/list-kit.tsx';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { useList } from '#web/panel/resource/use-list.ts';
import { dateTime } from '#web/panel/admin/screens/shared.tsx';
import { OUTBOX_STATUS_LABELS, readOutbox, readOutboxMessage, type OutboxMessage, type OutboxQuery } from './outbox-api.ts';

const StatusBadge = ({ status }: { status: OutboxMessage['status'] }) => (
  <span className={`badge${status === 'failed' ? ' badge-blocked' : ''}`}>{OUTBOX_STATUS_LABELS[status]}</span>
);

/** Every e-mail the product sent, newest first (read-only: the outbox is the log, or locally the mailbox itself). */
function OutboxList({ base, query, setQuery }: { base: string; query: OutboxQuery; setQuery: (q: OutboxQuery) => void }) {
  const list = useList({ query, setQuery, read: readOutbox, empty: { items: [] } });
  function onSearch(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    list.narrow({ to: String(new FormData(e.currentTarget).get('to') ?? '').trim() });
  }
  return (
    <ListScreen list={list} className="admin-outbox">
      <h1>E-mail outbox</h1>
      <p className="lead">What the product sent: verifications, password resets, receipts, reminders and the school's own e-mails.</p>
      <FormAlert message={list.error} />
      <ListFilters label="Find e-mails" onSubmit={onSearch}>
        <SearchField id="outbox-to" name="to" type="text" label="Recipient's e-mail" defaultValue={query.to} maxLength={254} />
      </ListFilters>
      <ListResults list={list} noun="e-mails" singular="e-mail" filtered={!!query.to}>
        <DataTable id="outbox" caption="E-mails" busy={list.loading}>
          <TableHead columns={['Date', 'To', 'Subject', 'Status']} />
          <tbody>
            {list.items.map((m) => (
              <tr key={m._id} data-id={m._id} data-status={m.status}>
                <td data-label="Date">{dateTime(m.createdAt)}</td>
                <td data-label="To">{m.to}</td>
                <th scope="row" data-label="Subject">
                  <PanelLink href={`${base}/${encodeURIComponent(m._id)}`}>{m.subject}</PanelLink>
                </th>
                <td data-label="Status">
                  <StatusBadge status={m.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ListResults>
    </ListScreen>
  );
}

function OutboxDetail({ base, id }: { base: string; id: string }) {
  const [state, setState] = useState<{ message: OutboxMessage | null; error: string } | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    readOutboxMessage(id, ctl.signal).then(
      (message) => setState({ message, error: '' }),
      (err: unknown) => !ctl.signal.aborted && setState({ message: null, error: errorMessage(err) }),
    );
    return () => ctl.abort();
  }, [id]);
  const m = state?.message;
  return (
    <div className="panel-screen admin-outbox" data-ready={state ? '' : undefined}>
      <p>
        <PanelLink href={base}>← All e-mails</PanelLink>
      </p>
      {!state ? (
        <Loading label="Loading..." />
      ) : !m ? (
        <>
          <h1>E-mail</h1>
          <FormAlert message={state.error || 'Email not found'} />
        </>
      ) : (
        <>
          <h1>{m.subject}</h1>
          <dl className="facts">
            <dt>To</dt>
            <dd>{m.to}</dd>
            <dt>Status</dt>
            <dd>
              <StatusBadge status={m.status} />
            </dd>
            <dt>Kind</dt>
            <dd>{m.kind}</dd>
            <dt>Written</dt>
            <dd>{dateTime(m.createdAt)}</dd>
            <dt>Delivered</dt>
            <dd>{dateTime(m.sentAt)}</dd>
          </dl>
          <pre className="outbox-text">{m.text}</pre>
        </>
      )}
    </div>
  );
}

export default function OutboxScreen({ base, path }: PanelScreenProps) {
  const [query, setQuery] = useState<OutboxQuery>({ page: 1, to: '' });
  const [sub] = path;
  if (sub) return <OutboxDetail base={base} id={decodeURIComponent(sub)} />;
  return <OutboxList base={base} query={query} setQuery={setQuery} />;
}
