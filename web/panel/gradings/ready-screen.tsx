import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { SelectField } from '#web/components/form-kit.tsx';
import { errorMessage } from '#web/lib/api.ts';
import {
  ActionsCell,
  DataTable,
  ListFilters,
  ListMessages,
  ListResults,
  ListScreen,
  SearchField,
  TableHead,
} from '#web/panel/resource/list-kit.tsx';
import { useList } from '#web/panel/resource/use-list.ts';
import { navigate, PanelLink } from '#web/panel/router.tsx';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { ChecklistLine, Tabs } from './grading-parts.tsx';
import { BeltName } from '#web/components/belt.tsx';
import { readPrograms, readReady, setApproval, type Program, type ReadyQuery, type ReadyRow, type ReadyStatus } from './gradings-api.ts';
import { NextTechniques } from './next-techniques.tsx';
import './gradings.css';

const STATUSES: readonly { value: ReadyStatus; label: string }[] = [
  { value: 'ready', label: 'Ready' },
  { value: 'close', label: 'Close' },
  { value: 'all', label: 'Everyone' },
];
const isStatus = (s: string | undefined): s is ReadyStatus => STATUSES.some((x) => x.value === s);

function Readiness({ row }: { row: ReadyRow }) {
  if (!row.nextRank) return <span className="badge">Top of the ladder</span>;
  if (row.eligible) return <span className="badge badge-active">Ready</span>;
  return (
    <span className="badge">
      {row.metCount} of {row.gateCount} met
    </span>
  );
}

/** Whether the next belt asks for an instructor's approval, and whether it has been given. */
const approvalOf = (row: ReadyRow) => {
  const check = row.checks.find((c) => c.type === 'instructor_approval');
  return check ? { approved: check.actual === true } : null;
};

/**
 * "Ready to grade" (`ready/<program>/<ready|close|all>`): who in a program is ready for their next belt or close to it,
 * each with the checklist in short; an instructor marks a technique passed or approves a student for grading.
 */
export default function ReadyScreen({ base, path }: PanelScreenProps) {
  const [programs, setPrograms] = useState<Program[] | null>(null);
  const [programsError, setProgramsError] = useState('');
  const [search, setSearch] = useState({ page: 1, q: '' });
  const [open, setOpen] = useState<string | null>(null);
  const [approved, setApproved] = useState<Record<string, boolean>>({});

  useEffect(() => {
    const ctl = new AbortController();
    readPrograms(ctl.signal).then(
      (list) => !ctl.signal.aborted && setPrograms(list),
      (err: unknown) => {
        if (ctl.signal.aborted) return;
        setProgramsError(errorMessage(err));
        setPrograms([]);
      },
    );
    return () => ctl.abort();
  }, []);

  const fallback = programs?.find((p) => p.slug === 'karate')?.slug ?? programs?.[0]?.slug ?? '';
  const program = path[0] ? decodeURIComponent(path[0]) : fallback;
  const status: ReadyStatus = isStatus(path[1]) ? path[1] : 'ready';
  const query = useMemo<ReadyQuery>(() => ({ ...search, program, status }), [search, program, status]);
  const list = useList({
    query,
    setQuery: (q: ReadyQuery) => {
      setSearch({ page: q.page, q: q.q });
      if (q.program !== program || q.status !== status) navigate(`${base}/${encodeURIComponent(q.program)}/${q.status}`);
    },
    read: readReady,
    empty: { items: [] },
  });
  const href = (p: string, s: ReadyStatus) => `${base}/${encodeURIComponent(p)}/${s}`;

  function onSearch(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    list.narrow({ q: String(new FormData(e.currentTarget).get('q') ?? '').trim() });
  }

  async function approve(row: ReadyRow, yes: boolean) {
    if (!row.nextRank) return;
    try {
      await setApproval(row.userId, row.nextRank._id, yes);
      setApproved((a) => ({ ...a, [row.userId]: yes }));
      list.done(yes ? `${row.name} is approved for ${row.nextRank.name}.` : `Approval for ${row.name} withdrawn.`);
    } catch (err) {
      list.failed(errorMessage(err));
    }
  }

  const empty =
    programs && !programs.length
      ? 'No programs yet: an admin sets up the programs and their belts.'
      : status === 'ready'
        ? 'Nobody is ready for their next belt yet.'
        : status === 'close'
          ? 'Nobody is close to their next belt.'
          : undefined;
  return (
    <ListScreen list={list} className="ready-screen">
      <h1>Ready to grade</h1>
      <p className="lead">
        Who has met what their next belt asks, and who is close. Mark a technique passed, or approve a student where their next belt asks
        for it.
      </p>
      <ListMessages list={{ ...list, error: list.error || programsError }} />
      <div className="ready-controls">
        {programs && programs.length > 1 && (
          <SelectField
            id="ready-program"
            label="Program"
            value={program}
            options={programs.map((p) => ({ value: p.slug, label: p.name }))}
            onChange={(e) => navigate(href(e.target.value, status))}
          />
        )}
        <Tabs label="Show">
          {STATUSES.map((s) => (
            <PanelLink key={s.value} href={href(program, s.value)} aria-current={s.value === status ? 'page' : undefined}>
              {s.label}
            </PanelLink>
          ))}
        </Tabs>
      </div>
      <ListFilters label="Search students" onSubmit={onSearch}>
        <SearchField id="ready-q" name="q" label="Name or student ID" defaultValue={query.q} maxLength={100} />
      </ListFilters>
      <ListResults list={list} noun="students" singular="student" filtered={!!query.q} empty={list.items.length ? false : empty}>
        <DataTable id="ready" caption="Students and their next belt" busy={list.loading}>
          <TableHead columns={['Student', 'Belt', 'Checklist']} actions />
          <tbody>
            {list.items.map((row) => {
              const isOpen = open === row.userId;
              const approval = approvalOf(row);
              const yes = approved[row.userId] ?? approval?.approved ?? false;
              const panelId = `ready-techniques-${row.userId}`;
              return [
                <tr key={row.userId} data-user={row.userId} data-eligible={row.eligible ? '' : undefined}>
                  <th scope="row" data-label="Student">
                    {row.name}
                    {row.studentId && <span className="cell-note">{row.studentId}</span>}
                  </th>
                  <td data-label="Belt">
                    <BeltName belt={row.currentRank} />
                    {row.nextRank && (
                      <>
                        {' '}
                        <span aria-hidden="true">→</span>
                        <span className="visually-hidden"> next: </span> <BeltName belt={row.nextRank} />
                      </>
                    )}
                  </td>
                  <td data-label="Checklist">
                    <Readiness row={row} />
                    <span className="cell-note ready-checklist">
                      <ChecklistLine checks={row.checks} />
                    </span>
                  </td>
                  <ActionsCell>
                    {row.nextRank && (
                      <>
                        <button
                          type="button"
                          className="btn btn-secondary btn-sm"
                          aria-expanded={isOpen}
                          aria-controls={isOpen ? panelId : undefined}
                          onClick={() => setOpen(isOpen ? null : row.userId)}
                        >
                          Techniques<span className="visually-hidden"> of {row.name}</span>
                        </button>
                        {approval && (
                          <button
                            type="button"
                            className={yes ? 'btn btn-secondary btn-sm' : 'btn btn-primary btn-sm'}
                            onClick={() => void approve(row, !yes)}
                          >
                            {yes ? 'Withdraw approval' : 'Approve for grading'}
                            <span className="visually-hidden"> {row.name}</span>
                          </button>
                        )}
                      </>
                    )}
                  </ActionsCell>
                </tr>,
                isOpen && (
                  <tr key={`${row.userId}-techniques`} className="ready-techniques-row">
                    <td colSpan={4} id={panelId}>
                      <NextTechniques row={row} program={program} onChanged={(message) => list.done(message)} />
                    </td>
                  </tr>
                ),
              ];
            })}
          </tbody>
        </DataTable>
      </ListResults>
    </ListScreen>
  );
}
