import { useEffect, useState } from 'react';
import { FormAlert, SelectField, type Option } from '#web/components/form-kit.tsx';
import { SchoolTime } from '#web/components/school-zone.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { readTeachingAccounts } from '#web/panel/admin/sessions/sessions-api.ts';
import { ActionsCell, DataTable, TableHead } from '#web/panel/resource/list-kit.tsx';
import type { Report } from './grading-detail.tsx';
import { editable } from './grading-moves.ts';
import { confirmExaminer, saveExaminers, type Examiner, type Grading } from './gradings-api.ts';

type Row = Pick<Examiner, 'userId' | 'name' | 'role'> & { confirmedAt: string | null };
const ROLES: Option[] = [
  { value: 'head', label: 'Head examiner' },
  { value: 'panel', label: 'Panel examiner' },
];

/** The panel: one head and any number of panel examiners (staff holding the rank the targets ask); saved as a whole. */
export function ExaminersEditor({ grading, report, me }: { grading: Grading; report: Report; me: string }) {
  const open = editable(grading.status);
  const [rows, setRows] = useState<Row[]>(grading.examiners);
  const [staff, setStaff] = useState<Option[]>([]);
  const [adding, setAdding] = useState('');
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => setRows(grading.examiners), [grading.examiners]);
  useEffect(() => {
    if (!open) return;
    const ctl = new AbortController();
    readTeachingAccounts(ctl.signal).then(setStaff, (err) => !ctl.signal.aborted && setAlert(errorMessage(err)));
    return () => ctl.abort();
  }, [open]);

  const choices = staff.filter((s) => !rows.some((r) => r.userId === s.value));
  function add() {
    const who = staff.find((s) => s.value === adding);
    if (!who) return;
    setRows([...rows, { userId: who.value, name: who.label, role: rows.length ? 'panel' : 'head', confirmedAt: null }]);
    setAdding('');
  }
  const mine = grading.examiners.find((e) => e.userId === me && !e.confirmedAt);
  async function confirm() {
    setBusy(true);
    setAlert('');
    try {
      report({ notice: (await confirmExaminer(grading._id)).message ?? 'Confirmed' });
    } catch (err) {
      setAlert(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  async function save() {
    setBusy(true);
    setAlert('');
    try {
      const answer = await saveExaminers(
        grading._id,
        rows.map((r) => ({ userId: r.userId, role: r.role })),
      );
      report({ notice: answer.message ?? 'Examiners saved' });
    } catch (err) {
      setAlert(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card grading-examiners" aria-labelledby="examiners-h" aria-busy={busy}>
      <h2 id="examiners-h">Examiners</h2>
      <p className="muted">
        Each examiner confirms in their own panel (an admin examiner here); the roster can be locked once every one has.
        {open ? '' : ' The panel can no longer change.'}
      </p>
      <FormAlert message={alert} />
      {mine && (
        <p className="btn-row">
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void confirm()}>
            Confirm that I examine
          </button>
        </p>
      )}
      {rows.length ? (
        <DataTable id="examiners" caption="Examiners" busy={busy}>
          <TableHead columns={['Examiner', 'Role', 'Confirmed']} actions={open} />
          <tbody>
            {rows.map((r, i) => (
              <tr key={r.userId} data-id={r.userId}>
                <th scope="row" data-label="Examiner">
                  {r.name}
                </th>
                <td data-label="Role">
                  {open ? (
                    <div className="field">
                      <select
                        aria-label={`Role of ${r.name}`}
                        value={r.role}
                        onChange={(e) => setRows(rows.map((x, j) => (j === i ? { ...x, role: e.target.value as Row['role'] } : x)))}
                      >
                        {ROLES.map((o) => (
                          <option key={o.value} value={o.value}>
                            {o.label}
                          </option>
                        ))}
                      </select>
                    </div>
                  ) : r.role === 'head' ? (
                    'Head examiner'
                  ) : (
                    'Panel examiner'
                  )}
                </td>
                <td data-label="Confirmed">{r.confirmedAt ? <SchoolTime iso={r.confirmedAt} show="shortDate" /> : 'Not yet'}</td>
                {open && (
                  <ActionsCell>
                    <button type="button" className="btn btn-secondary btn-sm" onClick={() => setRows(rows.filter((_, j) => j !== i))}>
                      Remove<span className="visually-hidden"> {r.name}</span>
                    </button>
                  </ActionsCell>
                )}
              </tr>
            ))}
          </tbody>
        </DataTable>
      ) : (
        <p className="empty-state">No examiners yet.</p>
      )}
      {open && (
        <div className="inline-add">
          <SelectField
            id="examiner-add"
            label="Add an examiner"
            allLabel="Choose a person"
            options={choices}
            value={adding}
            onChange={(e) => setAdding(e.target.value)}
          />
          <div className="btn-row">
            <button type="button" className="btn btn-secondary" disabled={!adding} onClick={add}>
              Add
            </button>
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void save()}>
              {busy ? 'Saving…' : 'Save examiners'}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
