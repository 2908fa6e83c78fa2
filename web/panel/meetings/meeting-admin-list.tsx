import { useState } from 'react';
import { MEETING_STATUSES, type MeetingStatus } from '#core/meetings/meeting-status.ts';
import { SelectField } from '#web/components/form-kit.tsx';
import { PanelLink } from '#web/panel/router.tsx';
import { ActionsCell, DataTable, DeleteButton, ListMessages, ListResults, ListScreen, TableHead } from '#web/panel/resource/list-kit.tsx';
import { useList, type ListPage } from '#web/panel/resource/use-list.ts';
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

type Meetings = MeetingLists & ListPage<MeetingView>;
const NO_MEETINGS: Meetings = { items: [], meetings: [], upcoming: [], past: [], pagination: undefined };
/** "All" reads the page asked for, by status; upcoming and past come with every answer. */
const read = (q: MeetingsQuery, signal: AbortSignal): Promise<Meetings> =>
  readMeetings({ page: q.view === 'all' ? q.page : 1, status: q.view === 'all' ? q.status : '' }, signal).then((l) => ({
    ...l,
    items: l.meetings,
  }));

/** The upcoming and past lists hold at most 50 each (no paging); "All" pages through everything and filters by status on the server. */
function shown(lists: MeetingLists, q: MeetingsQuery): MeetingView[] {
  if (q.view === 'all') return lists.meetings;
  const list = q.view === 'upcoming' ? lists.upcoming : lists.past;
  return q.status ? list.filter((m) => m.status === q.status) : list;
}

type Props = { base: string; query: MeetingsQuery; setQuery: (q: MeetingsQuery) => void; flash: string };

/** Admin list of meetings: upcoming, past or all, status filter, paging; start, end, cancel, share, edit and delete. */
export function MeetingAdminList({ base, query, setQuery, flash }: Props) {
  const list = useList({ query, setQuery, read, empty: NO_MEETINGS, flash });
  const [asking, setAsking] = useState<Asking | null>(null);
  const now = useNow();

  const done = (message: string) => {
    setAsking(null);
    list.done(message);
  };

  const items = list.page ? shown(list.page, query) : [];
  const filtered = !!query.status;
  return (
    <ListScreen list={list} className="admin-meetings">
      <div className="screen-head">
        <h1>Meetings</h1>
        <PanelLink className="btn btn-primary" href={`${base}/new`}>
          New meeting
        </PanelLink>
      </div>
      <ListMessages list={list} />
      <div className="list-filters meeting-filters" role="group" aria-label="Which meetings">
        <SelectField
          id="meetings-view"
          label="Show"
          allLabel="Upcoming"
          options={VIEWS.slice(1)}
          value={query.view === 'upcoming' ? '' : query.view}
          onChange={(e) => list.narrow({ view: (e.target.value || 'upcoming') as View })}
        />
        <SelectField id="meetings-status" label="Status" allLabel="All statuses" options={STATUS_OPTIONS} {...list.filter('status')} />
      </div>
      <ListResults
        list={list}
        noun="meetings"
        singular="meeting"
        paged={query.view === 'all'}
        empty={
          items.length === 0 &&
          (filtered ? 'No meetings match these filters.' : query.view === 'past' ? 'No past meetings yet.' : 'No upcoming meetings.')
        }
      >
        <DataTable
          id="meetings"
          caption={`${VIEWS.find((v) => v.value === query.view)?.label} meetings`}
          busy={list.loading}
          className="data-table resource-table meetings-table"
        >
          <TableHead columns={['Meeting', 'Starts', 'For', 'Status']} actions />
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
                <ActionsCell>
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
                  <DeleteButton what={m.title} onClick={() => setAsking({ kind: 'delete', meeting: m })} />
                </ActionsCell>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ListResults>
      {asking && <MeetingDialog asking={asking} onDone={done} onClose={() => setAsking(null)} />}
    </ListScreen>
  );
}
