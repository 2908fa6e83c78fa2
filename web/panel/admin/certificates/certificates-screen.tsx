import { useState } from 'react';
import { CERTIFICATE_STATES } from '#core/progression/ladder.ts';
import { SelectField } from '#web/components/form-kit.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { openDocument } from '#web/lib/enrollment-admin-documents.ts';
import { NoteDialog } from '#web/panel/admin/enrollments/enrollment-parts.tsx';
import { ActionsCell, DataTable, ListMessages, ListResults, ListScreen, TableHead } from '#web/panel/resource/list-kit.tsx';
import { useList } from '#web/panel/resource/use-list.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { readCertificates, revokeCertificate, type Certificate, type CertificatesQuery } from './certificates-api.ts';
import { CalendarDay } from '#web/components/school-zone.tsx';

const STATUS_WORDS: Record<Certificate['status'], string> = { valid: 'Valid', revoked: 'Revoked', superseded: 'Superseded' };
const STATUS_OPTIONS = CERTIFICATE_STATES.map((s) => ({ value: s, label: STATUS_WORDS[s] }));

/** Every certificate the school issued: its PDF, its public verify page, and revocation with a reason (the verify page then says Revoked). */
export default function CertificatesScreen(_: PanelScreenProps) {
  const [query, setQuery] = useState<CertificatesQuery>({ page: 1, status: '' });
  const list = useList({ query, setQuery, read: readCertificates, empty: { items: [] } });
  const [revoking, setRevoking] = useState<Certificate | null>(null);

  async function openPdf(c: Certificate) {
    try {
      await openDocument(c.pdfUrl, `${c.number}.pdf`);
    } catch (err) {
      list.failed(errorMessage(err));
    }
  }

  return (
    <ListScreen list={list} className="admin-certificates">
      <h1>Certificates</h1>
      <p className="lead">
        Each certificate has a public page anyone can open to check it. Revoking one makes that page say Revoked, with the date.
      </p>
      <ListMessages list={list} />
      <div className="list-filters" role="group" aria-label="Filter certificates">
        <SelectField id="certificates-status" label="Status" allLabel="All statuses" options={STATUS_OPTIONS} {...list.filter('status')} />
      </div>
      <ListResults list={list} noun="certificates" singular="certificate" filtered={!!query.status}>
        <DataTable id="certificates" caption="Certificates" busy={list.loading}>
          <TableHead columns={['Number', 'Holder', 'Rank', 'Issued', 'Status']} actions />
          <tbody>
            {list.items.map((c) => (
              <tr key={c._id} data-id={c._id} data-status={c.status}>
                <th scope="row" data-label="Number" className="cell-code">
                  {c.number}
                </th>
                <td data-label="Holder">{c.holderName}</td>
                <td data-label="Rank">
                  {c.rankName}
                  <span className="cell-note">{c.programName}</span>
                </td>
                <td data-label="Issued">
                  <CalendarDay day={c.issuedOn} short fallback="—" />
                </td>
                <td data-label="Status">
                  <span className={`badge certificate-${c.status}`}>{STATUS_WORDS[c.status] ?? c.status}</span>
                  {c.revocationReason && <span className="cell-note">{c.revocationReason}</span>}
                </td>
                <ActionsCell>
                  <button type="button" className="btn btn-secondary btn-sm" onClick={() => void openPdf(c)}>
                    PDF<span className="visually-hidden"> of {c.number}</span>
                  </button>
                  <a className="btn btn-secondary btn-sm" href={c.verifyUrl} target="_blank" rel="noopener">
                    Verify<span className="visually-hidden"> {c.number} (opens in a new tab)</span>
                  </a>
                  {c.status === 'valid' && (
                    <button type="button" className="btn btn-danger btn-sm" onClick={() => setRevoking(c)}>
                      Revoke<span className="visually-hidden"> {c.number}</span>
                    </button>
                  )}
                </ActionsCell>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ListResults>
      {revoking && (
        <NoteDialog
          title={`Revoke ${revoking.number}?`}
          label="Reason"
          required
          confirmLabel="Revoke certificate"
          busyLabel="Revoking…"
          onClose={() => setRevoking(null)}
          onConfirm={async (reason) => {
            const answer = await revokeCertificate(revoking._id, reason.trim());
            setRevoking(null);
            list.done(answer.message ?? `Certificate ${revoking.number} revoked`);
          }}
        >
          <p>
            {revoking.holderName}’s {revoking.rankName} certificate stops being valid: its verify page says Revoked from now on. The rank
            itself stays in their history (void it on the Promotions screen if it was wrong).
          </p>
        </NoteDialog>
      )}
    </ListScreen>
  );
}
