import { useCallback, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { SchoolTime } from '#web/components/school-zone.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { openDocument } from '#web/lib/enrollment-panel-download.ts';
import {
  ActionsCell,
  DataTable,
  ListFilters,
  ListMessages,
  ListResults,
  SearchField,
  SelectAll,
  SelectRow,
  TableHead,
} from '#web/panel/resource/list-kit.tsx';
import { useList, type ListPage } from '#web/panel/resource/use-list.ts';
import { readMissing, readSigned, sendReminders, type PeopleQuery, type WaiverDocument, type WaiverSignature } from './waivers-api.ts';

type Tab = PeopleQuery['status'];
const TABS: { key: Tab; label: string }[] = [
  { key: 'signed', label: 'Signed' },
  { key: 'missing', label: 'Missing' },
];

/** Who signed the current version and who has not (tabs), each searchable; the missing can be reminded by e-mail. */
export function WaiverPeople({ doc }: { doc: WaiverDocument }) {
  const [tab, setTab] = useState<Tab>('signed');
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  function onKey(e: KeyboardEvent<HTMLButtonElement>, i: number) {
    const next = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : null;
    if (next === null) return;
    e.preventDefault();
    const t = TABS[(next + TABS.length) % TABS.length]!;
    setTab(t.key);
    tabs.current[TABS.indexOf(t)]?.focus();
  }
  const count = (key: Tab) => (key === 'signed' ? doc.signedCount : doc.missingCount);
  return (
    <section className="card billing-section waiver-people" aria-labelledby="waiver-people-title">
      <h2 id="waiver-people-title">Version {doc.currentVersion}: who signed</h2>
      <div role="tablist" aria-label="Signed or missing" className="waiver-tabs">
        {TABS.map((t, i) => (
          <button
            key={t.key}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`waiver-tab-${t.key}`}
            aria-selected={tab === t.key}
            aria-controls="waiver-tab-panel"
            tabIndex={tab === t.key ? 0 : -1}
            className="waiver-tab"
            onClick={() => setTab(t.key)}
            onKeyDown={(e) => onKey(e, i)}
          >
            {t.label}
            {count(t.key) !== undefined && ` (${count(t.key)})`}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="waiver-tab-panel" aria-labelledby={`waiver-tab-${tab}`}>
        {tab === 'signed' ? <SignedList key="signed" doc={doc} /> : <MissingList key="missing" doc={doc} />}
      </div>
    </section>
  );
}

type Reader<T extends { _id: string }> = (documentId: string, q: PeopleQuery, signal: AbortSignal) => Promise<ListPage<T>>;

function usePeople<T extends { _id: string }>(doc: WaiverDocument, status: Tab, reader: Reader<T>) {
  const [query, setQuery] = useState<PeopleQuery>({ page: 1, status, search: '' });
  const read = useCallback((q: PeopleQuery, signal: AbortSignal) => reader(doc._id, q, signal), [doc._id, reader]);
  const list = useList({ query, setQuery, read, empty: { items: [] } });
  function onSearch(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    list.narrow({ search: String(new FormData(e.currentTarget).get('search') ?? '').trim() });
  }
  const search = (
    <ListFilters label={`Search ${status}`} onSubmit={onSearch}>
      <SearchField
        id={`waiver-search-${status}`}
        label="Search by name, e-mail or student ID"
        defaultValue={query.search}
        maxLength={200}
      />
    </ListFilters>
  );
  return { list, search, filtered: !!query.search };
}

function SignedList({ doc }: { doc: WaiverDocument }) {
  const { list, search, filtered } = usePeople(doc, 'signed', readSigned);
  async function pdf(s: WaiverSignature) {
    try {
      await openDocument(s.pdfUrl, `waiver-${s.signedFor.name}-v${s.version}.pdf`);
    } catch (err) {
      list.failed(errorMessage(err));
    }
  }
  return (
    <>
      {search}
      <ListMessages list={list} />
      <ListResults list={list} noun="signatures" singular="signature" filtered={filtered}>
        <DataTable id="waiver-signed" caption={`Signed version ${doc.currentVersion}`} busy={list.loading}>
          <TableHead columns={['Person', 'Signed by', 'Typed name', 'Signed']} actions />
          <tbody>
            {list.items.map((s) => (
              <tr key={s._id} data-id={s._id}>
                <th scope="row">{s.signedFor.name}</th>
                <td data-label="Signed by">
                  {s.signedBy?.name ?? '—'}
                  <span className="cell-note">{s.signerCapacity}</span>
                </td>
                <td data-label="Typed name">{s.typedName}</td>
                <td data-label="Signed">
                  <SchoolTime iso={s.signedAt} />
                </td>
                <ActionsCell>
                  <button type="button" className="btn btn-secondary btn-sm" onClick={() => void pdf(s)}>
                    Signed PDF<span className="visually-hidden"> of {s.signedFor.name}</span>
                  </button>
                </ActionsCell>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ListResults>
    </>
  );
}

const remindedText = (sent: number, skipped: number) =>
  `${sent} ${sent === 1 ? 'reminder' : 'reminders'} sent${skipped ? `; ${skipped} skipped (reminded in the last 24 hours or no e-mail)` : ''}.`;

function MissingList({ doc }: { doc: WaiverDocument }) {
  const { list, search, filtered } = usePeople(doc, 'missing', readMissing);
  const [busy, setBusy] = useState(false);
  async function remind(ids?: string[]) {
    setBusy(true);
    try {
      const { sent, skipped } = await sendReminders(doc._id, ids);
      list.setSelected([]);
      list.done(remindedText(sent, skipped));
    } catch (err) {
      list.failed(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  const count = list.selected.length;
  return (
    <>
      {search}
      <ListMessages list={list} />
      <div className="bulk-bar" role="group" aria-label="Remind people">
        <span aria-live="polite">{count ? `${count} selected` : 'Choose people to remind, or remind everyone missing.'}</span>
        <span className="row-actions">
          <button type="button" className="btn btn-primary btn-sm" disabled={!count || busy} onClick={() => void remind(list.selected)}>
            Send reminder
          </button>
          <button type="button" className="btn btn-secondary btn-sm" disabled={busy || !list.items.length} onClick={() => void remind()}>
            Remind everyone missing
          </button>
        </span>
      </div>
      <ListResults
        list={list}
        noun="people"
        singular="person"
        filtered={filtered}
        empty={list.ready && !list.items.length && !filtered ? 'Everyone has signed this version.' : undefined}
      >
        <DataTable id="waiver-missing" caption={`Missing version ${doc.currentVersion}`} busy={list.loading}>
          <TableHead
            columns={['Person', 'E-mail', 'Last signed', 'Reminded']}
            lead={<SelectAll items={list.items} selected={list.selected} onSelect={list.setSelected} />}
          />
          <tbody>
            {list.items.map((p) => (
              <tr key={p._id} data-id={p._id}>
                <SelectRow id={p._id} label={`Select ${p.name}`} selected={list.selected} onSelect={list.setSelected} />
                <th scope="row">
                  {p.name}
                  {p.studentId && <span className="cell-note">{p.studentId}</span>}
                </th>
                <td data-label="E-mail">{p.email ?? <span className="muted">No login: the guardians are e-mailed</span>}</td>
                <td data-label="Last signed">{p.lastSignedVersion ? `Version ${p.lastSignedVersion}` : 'Never'}</td>
                <td data-label="Reminded">{p.remindedAt ? <SchoolTime iso={p.remindedAt} show="stamp" /> : '—'}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ListResults>
    </>
  );
}
