import { useState } from 'react';
import { Field, FormAlert, FormStatus } from '#web/components/form-kit.tsx';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { DataTable, numberColumn, TableHead } from '#web/panel/resource/list-kit.tsx';
import { PanelLink } from '#web/panel/router.tsx';
import { importRanks } from './promotions-api.ts';
import { IMPORT_MAX_ROWS } from '#core/progression/ledger-input.ts';
import { IMPORT_COLUMNS, importRowsFromCsv, problemsFromApi, type ImportProblem, type ImportRow } from './rank-import-csv.ts';

type Preview = { rows: ImportRow[]; problems: ImportProblem[] };
const EXAMPLE =
  'studentId,email,program,rank,awardedOn,stripes,credits,note\nSTU-0001,,karate,Yellow belt,2024-03-02,2,40,From the 2024 book';

/**
 * Rank history from before the school used this system: paste CSV → a preview with each row's problems →
 * import. The server takes all rows or none, naming every bad row, which the preview then marks.
 */
export function RankImport({ base }: { base: string }) {
  const [text, setText] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState('');
  const [notice, setNotice] = useState('');

  function show() {
    setNotice('');
    setAlert('');
    setPreview(importRowsFromCsv(text));
  }
  async function send() {
    if (!preview) return;
    setBusy(true);
    setAlert('');
    try {
      const answer = await importRanks(preview.rows);
      const d = answer.data;
      setNotice(answer.message ?? `Imported ${d?.imported ?? preview.rows.length} awards and ${d?.credits ?? 0} attendance credits`);
      setPreview(null);
      setText('');
    } catch (err) {
      setAlert(errorMessage(err));
      if (err instanceof ApiError && err.errors.length) setPreview({ ...preview, problems: problemsFromApi(err.errors) });
    } finally {
      setBusy(false);
    }
  }

  const general = preview?.problems.filter((p) => p.row === null) ?? [];
  const byRow = (i: number) => preview?.problems.filter((p) => p.row === i) ?? [];
  const bad = new Set(preview?.problems.map((p) => p.row));
  return (
    <div className="panel-screen rank-import" data-ready="" aria-busy={busy}>
      <p className="back-link">
        <PanelLink href={base}>← Promotions</PanelLink>
      </p>
      <h1>Import rank history</h1>
      <p className="lead">
        One row per award, up to {IMPORT_MAX_ROWS} at once. Columns: {IMPORT_COLUMNS.join(', ')} (a person by studentId or email; rank by
        name, position or grade; awardedOn as YYYY-MM-DD; credits are classes trained before, counted towards that rank). Nothing is
        imported unless every row is right.
      </p>
      <FormStatus message={notice} />
      <FormAlert message={alert} />
      <Field
        id="rank-import-csv"
        label="CSV"
        hint={`For example:\n${EXAMPLE}`}
        rows={8}
        required={false}
        value={text}
        className="field-csv"
        onChange={(e) => {
          setText(e.target.value);
          setPreview(null);
        }}
      />
      <div className="btn-row">
        <button type="button" className="btn btn-secondary" disabled={!text.trim()} onClick={show}>
          Preview
        </button>
        {preview && (
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy || preview.problems.length > 0 || !preview.rows.length}
            onClick={() => void send()}
          >
            {busy ? 'Importing…' : `Import ${preview.rows.length} ${preview.rows.length === 1 ? 'row' : 'rows'}`}
          </button>
        )}
      </div>
      {preview && (
        <section aria-labelledby="rank-import-preview-h">
          <h2 id="rank-import-preview-h">
            Preview: {preview.rows.length} {preview.rows.length === 1 ? 'row' : 'rows'}
            {bad.size ? `, ${preview.problems.length} ${preview.problems.length === 1 ? 'problem' : 'problems'}` : ', ready to import'}
          </h2>
          {general.length > 0 && (
            <ul className="import-problems" role="alert">
              {general.map((p, i) => (
                <li key={i}>{p.message}</li>
              ))}
            </ul>
          )}
          {preview.rows.length > 0 && (
            <DataTable id="rank-import-rows" caption="Rows to import" busy={busy}>
              <TableHead
                columns={[
                  numberColumn('Row'),
                  'Person',
                  'Program',
                  'Rank',
                  'Awarded on',
                  numberColumn('Stripes'),
                  numberColumn('Credits'),
                  'Problems',
                ]}
              />
              <tbody>
                {preview.rows.map((r, i) => (
                  <tr key={i} data-row={i} data-invalid={bad.has(i) ? '' : undefined}>
                    <th scope="row" data-label="Row" className="cell-number">
                      {i + 1}
                    </th>
                    <td data-label="Person">{r.studentId ?? r.email ?? '—'}</td>
                    <td data-label="Program">{r.program || '—'}</td>
                    <td data-label="Rank">{r.rank || '—'}</td>
                    <td data-label="Awarded on">{r.awardedOn || '—'}</td>
                    <td data-label="Stripes" className="cell-number">
                      {r.stripes ?? ''}
                    </td>
                    <td data-label="Credits" className="cell-number">
                      {r.credits ?? ''}
                    </td>
                    <td data-label="Problems">
                      {byRow(i).length ? (
                        <ul className="import-problems">
                          {byRow(i).map((p, j) => (
                            <li key={j}>{p.message}</li>
                          ))}
                        </ul>
                      ) : (
                        'OK'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          )}
        </section>
      )}
    </div>
  );
}
