import { useEffect, useMemo, useRef, useState } from 'react';
import { FormAlert } from '#web/components/form-kit.tsx';
import { Loading } from '#web/components/loading.tsx';
import { SchoolTime } from '#web/components/school-zone.tsx';
import { errorMessage } from '#web/lib/api.ts';
import type { Refusal } from '#web/lib/attendance-outbox.ts';
import { loginHref } from '#web/panel/panel-states.tsx';
import { PanelLink } from '#web/panel/router.tsx';
import { readRoster, type PersonHit, type Roster } from './roster-api.ts';
import { rosterRows, rowCounts, type LocalWalkIn } from './roster-marks.ts';
import { RosterPerson } from './roster-row.tsx';
import type { useRosterOutbox } from './use-roster-outbox.ts';
import { WalkInSearch } from './walk-in-search.tsx';
import { readWalkIns, saveWalkIn } from './walk-ins.ts';

type Outbox = ReturnType<typeof useRosterOutbox>;

/** "3 pending": the taps of this device not yet on the server, announced as they change. */
export function PendingCount({ count }: { count: number }) {
  return (
    <p className="roster-pending" role="status" data-pending={count}>
      <strong>{count} pending</strong>
      <span className="roster-pending-hint">
        {count ? ' · kept on this device and sent when the connection allows' : ' · every mark is sent'}
      </span>
    </p>
  );
}

/** A batch the server refused whole: kept until the person logs in again (401) or chooses to discard it. */
function RefusedMarks({ refusal, sessionId, onDiscard }: { refusal: Refusal; sessionId: string; onDiscard: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const n = refusal.events.length;
  const marks = `${n} mark${n === 1 ? '' : 's'}`;
  const where = refusal.events[0]?.sessionId === sessionId ? 'this class' : 'another class';
  if (refusal.status === 401)
    return (
      <p>
        {marks} for {where} wait: your session has ended. <a href={loginHref(window.location.pathname)}>Log in again</a> to send them.
      </p>
    );
  return (
    <p>
      The server refused {marks} for {where}: {refusal.reason}. They are kept on this device.{' '}
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => (confirming ? onDiscard() : setConfirming(true))}>
        {confirming ? `Yes, discard ${marks}` : `Discard ${marks}`}
      </button>
    </p>
  );
}

/** Why marks still wait (a busy server, a refused batch: kept) and which the server rejected (dropped), by name, until dismissed. */
function SendProblems({ outbox, names, sessionId }: { outbox: Outbox; names: ReadonlyMap<string, string>; sessionId: string }) {
  const { last } = outbox;
  const refused = last?.refused ?? [];
  const busy =
    last?.error && !refused.length ? `Marks not sent yet: ${last.error}. They are kept on this device and sent on the next try.` : '';
  const lines = outbox.rejected.map((r) => `${names.get(r.event?.userId ?? '') ?? 'Someone'}: not recorded (${r.reason}).`);
  return (
    <>
      <FormAlert message={busy} />
      {refused.length > 0 && (
        <div className="form-alert roster-refused" role="alert">
          {refused.map((r) => (
            <RefusedMarks
              key={r.events[0]?.id}
              refusal={r}
              sessionId={sessionId}
              onDiscard={() => void outbox.discard(r.events.map((e) => e.id))}
            />
          ))}
        </div>
      )}
      {lines.length > 0 && (
        <div className="form-alert roster-rejected" role="alert">
          <p>{lines.join(' ')}</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={outbox.dismissRejected}>
            Dismiss
          </button>
        </div>
      )}
    </>
  );
}

/** One session's roster: booked, waitlisted and walk-ins, each with one-tap Present / Late / Absent. */
export function RosterView({ sessionId, base, outbox }: { sessionId: string; base: string; outbox: Outbox }) {
  const [roster, setRoster] = useState<Roster | null>(null);
  const [error, setError] = useState('');
  const [walkIns, setWalkIns] = useState<LocalWalkIn[]>([]);
  const [round, setRound] = useState(0);
  const sentRef = useRef(outbox.sent);
  sentRef.current = outbox.sent;
  const forgetRef = useRef(outbox.forgetSent);
  forgetRef.current = outbox.forgetSent;

  useEffect(() => {
    const ctl = new AbortController();
    const sentBefore = sentRef.current;
    readRoster(sessionId, ctl.signal).then(
      (r) => {
        if (ctl.signal.aborted) return;
        setRoster(r);
        setError('');
        forgetRef.current(sentBefore);
      },
      (err: unknown) => {
        if (!ctl.signal.aborted) setError(errorMessage(err));
      },
    );
    return () => ctl.abort();
  }, [sessionId, round]);

  useEffect(() => {
    void readWalkIns(sessionId).then(setWalkIns);
  }, [sessionId]);

  // What the server now holds changes the effective status (another device, a correction): read it again.
  const sentCount = outbox.last?.sent ?? 0;
  useEffect(() => {
    if (outbox.last && sentCount > 0) setRound((n) => n + 1);
  }, [outbox.last, sentCount]);

  const rows = useMemo(
    () => rosterRows(roster?.attendees ?? [], outbox.taps, sessionId, walkIns),
    [roster, outbox.taps, sessionId, walkIns],
  );
  const names = useMemo(() => new Map(rows.map((r) => [r.userId, r.name])), [rows]);
  const listed = useMemo(() => new Set(rows.map((r) => r.userId)), [rows]);

  async function addWalkIn(person: PersonHit) {
    setWalkIns(await saveWalkIn(sessionId, { userId: person._id, name: person.name }));
    requestAnimationFrame(() => document.querySelector<HTMLButtonElement>(`[data-user="${CSS.escape(person._id)}"] .roster-mark`)?.focus());
  }

  const back = (
    <PanelLink className="roster-back" href={base}>
      ← Today's classes
    </PanelLink>
  );
  if (!roster)
    return (
      <section className="panel-screen roster" aria-labelledby="roster-title">
        {back}
        <h1 id="roster-title">Roster</h1>
        {error ? <FormAlert message={error} /> : <Loading label="Loading the roster…" />}
      </section>
    );

  const s = roster.session;
  const cancelled = s.status === 'cancelled';
  const counts = rowCounts(rows);
  return (
    <section className="panel-screen roster" data-ready="" aria-labelledby="roster-title">
      {back}
      <h1 id="roster-title">{s.title}</h1>
      <p className="roster-when">
        <SchoolTime iso={s.startsAt} show="time" />–<SchoolTime iso={s.endsAt} show="time" />
        {s.location ? ` · ${s.location}` : ''}
        {s.instructorName ? ` · ${s.instructorName}` : ''}
      </p>
      <PendingCount count={outbox.pending.length} />
      <SendProblems outbox={outbox} names={names} sessionId={sessionId} />
      {error && <p className="notice">Showing the roster as last read: {error}</p>}
      {cancelled && (
        <p className="notice" role="status">
          This class was cancelled{s.cancelReason ? `: ${s.cancelReason}` : ''}. Attendance cannot be taken.
        </p>
      )}
      <p className="roster-counts">
        {counts.present} present · {counts.late} late · {counts.absent} absent · {counts.unmarked} not marked
      </p>
      {rows.length === 0 ? (
        <p className="empty-state">Nobody has booked this class yet. Add anyone who comes below.</p>
      ) : (
        <ul className="roster-list" aria-label={`Roster of ${s.title}`}>
          {rows.map((row) => (
            <RosterPerson
              key={row.userId}
              row={row}
              disabled={cancelled}
              onMark={(userId, kind) => void outbox.mark(sessionId, userId, kind)}
            />
          ))}
        </ul>
      )}
      {!cancelled && <WalkInSearch listed={listed} onAdd={(p) => void addWalkIn(p)} />}
    </section>
  );
}
