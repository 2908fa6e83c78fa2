import { useEffect, useState } from 'react';
import { profileName } from '#core/users/person-name.ts';
import { FormAlert, FormStatus, SelectField } from '#web/components/form-kit.tsx';
import { Loading } from '#web/components/loading.tsx';
import { SchoolTime } from '#web/components/school-zone.tsx';
import { errorMessage } from '#web/lib/api.ts';
import type { AdminUser } from '#web/panel/admin-user.ts';
import { readPrograms, readRanks, type Program, type Rank } from '#web/panel/admin/gradings/gradings-api.ts';
import { ActionsCell, DataTable, numberColumn, TableHead } from '#web/panel/resource/list-kit.tsx';
import { PanelLink } from '#web/panel/router.tsx';
import { CreditsDialog, PromoteDialog, StripeDialog, VoidDialog } from './award-dialogs.tsx';
import { readCredits, readLedger, readMember, type Credit } from './promotions-api.ts';
import type { RankAwardView } from '#core/progression/views.ts';
import { CalendarDay } from '#web/components/school-zone.tsx';
import { BeltName } from '#web/components/belt.tsx';

type Asking = 'promote' | 'stripe' | 'credits' | RankAwardView | null;
const SOURCE: Record<RankAwardView['source'], string> = { grading: 'Grading', manual: 'Manual', import: 'Import' };

/** The member and the programs, then the chosen program's ladder, ledger and credits (read again after each change). */
function useMemberRanks(userId: string) {
  const [member, setMember] = useState<AdminUser | null>(null);
  const [programs, setPrograms] = useState<Program[]>([]);
  const [program, setProgram] = useState('');
  const [ranks, setRanks] = useState<Rank[]>([]);
  const [ledger, setLedger] = useState<RankAwardView[] | null>(null);
  const [credits, setCredits] = useState<Credit[]>([]);
  const [failed, setFailed] = useState('');
  const [reload, setReload] = useState(0);
  useEffect(() => {
    const ctl = new AbortController();
    Promise.all([readMember(userId, ctl.signal), readPrograms(ctl.signal)]).then(
      ([m, ps]) => {
        setMember(m);
        setPrograms(ps);
        setProgram((p) => p || (ps.find((x) => x.slug === 'karate') ?? ps[0])?.slug || '');
        if (!m) setFailed('User not found');
      },
      (err) => !ctl.signal.aborted && setFailed(errorMessage(err)),
    );
    return () => ctl.abort();
  }, [userId]);
  useEffect(() => {
    if (!program) return;
    const ctl = new AbortController();
    Promise.all([readLedger(userId, program, ctl.signal), readCredits(userId, program, ctl.signal), readRanks(program, ctl.signal)]).then(
      ([l, c, r]) => {
        setLedger(l);
        setCredits(c);
        setRanks(r);
        setFailed('');
      },
      (err) => !ctl.signal.aborted && setFailed(errorMessage(err)),
    );
    return () => ctl.abort();
  }, [userId, program, reload]);
  return { member, programs, program, setProgram, ranks, ledger, credits, failed, refresh: () => setReload((n) => n + 1) };
}

/** One member's rank history in a program: every award, voided ones struck through, and the moves an admin makes on it. */
export function MemberRanks({ base, userId }: { base: string; userId: string }) {
  const m = useMemberRanks(userId);
  const [asking, setAsking] = useState<Asking>(null);
  const [notice, setNotice] = useState('');
  const back = (
    <p className="back-link">
      <PanelLink href={base}>← Promotions</PanelLink>
    </p>
  );
  if (m.failed && !m.member)
    return (
      <div className="panel-screen member-ranks" data-ready="">
        {back}
        <FormAlert message={m.failed} />
      </div>
    );
  if (!m.member || (m.program && !m.ledger)) return <Loading label="Loading..." />;
  const name = profileName(m.member.profile, m.member.email);
  const current = m.ledger?.find((a) => !a.voidedAt);
  const done = (message: string) => {
    setAsking(null);
    setNotice(message);
    m.refresh();
  };
  const common = { userId, name, program: m.program, onDone: done, onClose: () => setAsking(null) };
  const creditTotal = m.credits.filter((c) => !c.voidedAt).reduce((s, c) => s + c.count, 0);
  return (
    <div className="panel-screen member-ranks" data-ready="">
      {back}
      <div className="screen-head">
        <h1>{name}</h1>
        {current ? <BeltName belt={{ name: current.rankName, colorHex: current.colorHex }} /> : <BeltName belt={null} />}
      </div>
      <FormStatus message={notice} />
      <FormAlert message={m.failed} />
      <div className="list-filters">
        <SelectField
          id="member-program"
          label="Program"
          options={m.programs.map((p) => ({ value: p.slug, label: p.name }))}
          value={m.program}
          onChange={(e) => m.setProgram(e.target.value)}
        />
      </div>
      <div className="btn-row" role="group" aria-label="Change the rank">
        <button type="button" className="btn btn-primary" onClick={() => setAsking('promote')}>
          Promote
        </button>
        <button type="button" className="btn btn-secondary" disabled={!current} onClick={() => setAsking('stripe')}>
          Add stripe
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => setAsking('credits')}>
          Attendance credits
        </button>
      </div>

      <h2>Rank history</h2>
      {m.ledger?.length ? (
        <DataTable id="rank-ledger" caption={`Rank history of ${name}`} busy={false}>
          <TableHead columns={['Rank', numberColumn('Stripes'), 'Awarded on', 'Source', 'By', 'Note']} actions />
          <tbody>
            {m.ledger.map((a) => (
              <tr key={a._id} data-id={a._id} data-voided={a.voidedAt ? '' : undefined} className={a.voidedAt ? 'row-voided' : undefined}>
                <th scope="row" data-label="Rank">
                  {a.voidedAt ? (
                    <del>
                      <BeltName belt={{ name: a.rankName, colorHex: a.colorHex }} />
                    </del>
                  ) : (
                    <BeltName belt={{ name: a.rankName, colorHex: a.colorHex }} />
                  )}
                  {a.voidedAt && (
                    <span className="cell-note">
                      Voided <SchoolTime iso={a.voidedAt} show="shortDate" />
                      {a.voidedByName ? ` by ${a.voidedByName}` : ''}: {a.voidReason}
                    </span>
                  )}
                </th>
                <td data-label="Stripes" className="cell-number">
                  {a.stripes}
                </td>
                <td data-label="Awarded on">
                  <CalendarDay day={a.awardedOn} short fallback="—" />
                </td>
                <td data-label="Source">{SOURCE[a.source] ?? a.source}</td>
                <td data-label="By">{a.awardedByName ?? '—'}</td>
                <td data-label="Note">{a.note ?? '—'}</td>
                <ActionsCell>
                  {!a.voidedAt && (
                    <button type="button" className="btn btn-danger btn-sm" onClick={() => setAsking(a)}>
                      Void
                      <span className="visually-hidden">
                        {' '}
                        {a.rankName} of {a.awardedOn}
                      </span>
                    </button>
                  )}
                </ActionsCell>
              </tr>
            ))}
          </tbody>
        </DataTable>
      ) : (
        <p className="empty-state">No rank in this program yet.</p>
      )}

      <h2>Attendance credits ({creditTotal})</h2>
      {m.credits.length ? (
        <ul className="credit-list">
          {m.credits.map((c) => (
            <li key={c._id}>
              {c.count} classes · {c.reason ?? '—'} · <SchoolTime iso={c.createdAt} show="shortDate" />
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No credits.</p>
      )}

      {asking === 'promote' && <PromoteDialog {...common} ranks={m.ranks} />}
      {asking === 'stripe' && <StripeDialog {...common} />}
      {asking === 'credits' && <CreditsDialog {...common} />}
      {asking && typeof asking === 'object' && <VoidDialog {...common} award={asking} ranks={m.ranks} />}
    </div>
  );
}
