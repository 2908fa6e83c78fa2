import { useEffect, useState } from 'react';
import { MEETING_STATUSES, type MeetingStatus } from '#core/meetings/meeting-status.ts';
import { FormAlert, FormStatus, SelectField } from '#web/components/form-kit.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { PanelLink } from '#web/panel/router.tsx';
import { ActionsHeader, DataTable, ListBody } from '#web/panel/resource/list-kit.tsx';
import { Pager } from '#web/panel/resource/pager.tsx';
import { MeetingDialog, movesFor, shareable, type Asking } from './meeting-dialogs.tsx';
import { audienceText, durationText, StartTime, STATUS_LABELS, StatusBadge, TimeLabel, useNow } from './meeting-parts.tsx';
import { readMeetings, type MeetingLists, type MeetingView } from './meetings-api.ts';

export type View = 'upcoming' | 'past' | 'all';
export type MeetingsQuery = { view: View; status: MeetingStatus | ''; page: number };
export const FIRST_QUERY: MeetingsQuery = { view: 'upcoming', status: '', page: 1 };

const VIEWS = [
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'past', label: 'Past' },
  { value: 'all', label: 'All meetings' },
] as const;
const STATUS_OPTIONS = MEETING_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }));

/** The upcoming and past lists hold at most 50 each (no paging); "All" pages through everything and filters by status on the server. */
function shown(lists: MeetingLists, q: MeetingsQuery): MeetingView[] {
  if (q.view === 'all') return lists.meetings;
  const list = q.view === 'upcoming' ? lists.upcoming : lists.past;
  return q.status ? list.filter((m) => m.status === q.status) : list;
}

type Props = { base: string; query: MeetingsQuery; setQuery: (q: MeetingsQuery) => void; flash: string };

/** Admin list of meetings: upcoming, past or all, status filter, paging; start, end, cancel, share, edit and delete. */
export function MeetingAdminList({ base, query, setQuery, flash }: Props) {
  const [lists, setLists] = useState<MeetingLists | null>(null);
  const [loading, setLoading] = useState(true);
  const [reload, setReload] = useState(0);
  const [alert, setAlert] = useState('');
  const [notice, setNotice] = useState(flash);
  const [asking, setAsking] = useState<Asking | null>(null);
  const now = useNow();

  useEffect(() => {
    const ctl = new AbortController();
    setLoading(true);
    readMeetings({ page: query.view === 'all' ? query.page : 1, status: query.view === 'all' ? query.status : '' }, ctl.signal)
      .then((l) => {
        setLists(l);
        setAlert('');
        setLoading(false);
      })
      .catch((err) => {
        if (ctl.signal.aborted) return;
        setAlert(errorMessage(err));
        setLists((l) => l ?? { meetings: [], upcoming: [], past: [], pagination: undefined });
        setLoading(false);
      });
    return () => ctl.abort();
  }, [query, reload]);

  const done = (message: string) => {
    setAsking(null);
    setAlert('');
    setNotice(message);
    setReload((n) => n + 1);
  };

  const items = lists ? shown(lists, query) : [];
  const filtered = !!query.status;
  return (
    <div className="panel-screen admin-meetings" data-ready={lists ? '' : undefined} data-loading={loading ? '' : undefined}>
      <div className="screen-head">
        <h1>Meetings</h1>
        <PanelLink className="btn btn-primary" href={`${base}/new`}>
          New meeting
        </PanelLink>
      </div>
      <FormStatus message={notice} />
      <FormAlert message={alert} />
      <div className="list-filters meeting-filters" role="group" aria-label="Which meetings">
        <SelectField
          id="meetings-view"
          label="Show"
          allLabel="Upcoming"
          options={VIEWS.slice(1)}
          value={query.view === 'upcoming' ? '' : query.view}
          onChange={(e) => setQuery({ ...query, page: 1, view: (e.target.value || 'upcoming') as View })}
        />
        <SelectField
          id="meetings-status"
          label="Status"
          allLabel="All statuses"
          options={STATUS_OPTIONS}
          value={query.status}
          onChange={(e) => setQuery({ ...query, page: 1, status: e.target.value as MeetingStatus | '' })}
        />
      </div>
      <ListBody
        ready={!!lists}
        empty={
          items.length === 0 &&
          (filtered ? 'No meetings match these filters.' : query.view === 'past' ? 'No past meetings yet.' : 'No upcoming meetings.')
        }
      >
        <DataTable
          id="meetings"
          caption={`${VIEWS.find((v) => v.value === query.view)?.label} meetings`}
          busy={loading}
          className="data-table resource-table meetings-table"
        >
          <thead>
            <tr>
              <th scope="col">Meeting</th>
              <th scope="col">Starts</th>
              <th scope="col">For</th>
              <th scope="col">Status</th>
              <ActionsHeader />
            </tr>
          </thead>
          <tbody>
            {items.map((m) => (
              <tr key={m._id} data-id={m._id} data-status={m.status}>
                <th scope="row" className="cell-meeting">
                  <PanelLink href={`${base}/${encodeURIComponent(m._id)}`}>{m.title}</PanelLink>
                  <TimeLabel meeting={m} now={now} />
                </th>
                <td data-label="Starts">
                  <StartTime meeting={m} />
                  <span className="cell-note">{durationText(m.durationMinutes)}</span>
                </td>
                <td data-label="For">{audienceText(m)}</td>
                <td data-label="Status">
                  <StatusBadge status={m.status} />
                  {m.statusReason && <span className="cell-note">{m.statusReason}</span>}
                  <span className="cell-note meeting-shared">
                    {m.notificationSent ? `Shared: ${m.notificationCount} notified` : 'Not shared yet'}
                  </span>
                </td>
                <td data-label="Actions">
                  <div className="row-actions">
                    <PanelLink className="btn btn-secondary btn-sm" href={`${base}/${encodeURIComponent(m._id)}`}>
                      Edit<span className="visually-hidden"> {m.title}</span>
                    </PanelLink>
                    {shareable(m) && (
                      <button type="button" className="btn btn-secondary btn-sm" onClick={() => setAsking({ kind: 'share', meeting: m })}>
                        Share<span className="visually-hidden"> {m.title}</span>
                      </button>
                    )}
                    {movesFor(m).map((mv) => (
                      <button
                        key={mv.to}
                        type="button"
                        className="btn btn-secondary btn-sm"
                        onClick={() => setAsking({ kind: 'status', meeting: m, to: mv.to })}
                      >
                        {mv.short}
                        <span className="visually-hidden"> {m.title}</span>
                      </button>
                    ))}
                    <button type="button" className="btn btn-danger btn-sm" onClick={() => setAsking({ kind: 'delete', meeting: m })}>
                      Delete<span className="visually-hidden"> {m.title}</span>
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ListBody>
      {lists?.pagination && query.view === 'all' && (
        <Pager
          pagination={lists.pagination}
          busy={loading}
          noun="meetings"
          singular="meeting"
          onPage={(page) => setQuery({ ...query, page })}
        />
      )}
      {asking && <MeetingDialog asking={asking} onDone={done} onClose={() => setAsking(null)} />}
    </div>
  );
}
