import { useState } from 'react';
import { errorMessage } from '#web/lib/api.ts';
import { openDocument } from '#web/lib/enrollment-panel-download.ts';
import { safeHref } from '#web/components/safe-url.ts';
import { BeltSwatch } from '#web/components/belt.tsx';
import { CalendarDay } from '#web/components/school-zone.tsx';
import type { RankAwardView } from '#core/progression/views.ts';
import type { CertificateView } from './progress-api.ts';

const SOURCE_WORDS: Record<RankAwardView['source'], string> = {
  grading: 'at a grading',
  manual: 'by the school',
  import: 'from earlier records',
};

/** The belts awarded in this program, newest first, as a timeline. */
export function RankHistory({ awards }: { awards: readonly RankAwardView[] }) {
  const valid = awards.filter((a) => !a.voidedAt);
  if (!valid.length) return <p className="muted">No belt awarded yet. Your first belt appears here after your first grading.</p>;
  return (
    <ol className="belt-timeline">
      {valid.map((a) => (
        <li key={a._id}>
          <BeltSwatch colorHex={a.colorHex} name={a.rankName} />
          <div>
            <p>
              <strong>{a.rankName}</strong>
              {a.stripes > 0 && ` · ${a.stripes} ${a.stripes === 1 ? 'stripe' : 'stripes'}`}
            </p>
            <p className="muted">
              <CalendarDay day={a.awardedOn} /> · {SOURCE_WORDS[a.source]}
              {a.awardedByName ? ` (${a.awardedByName})` : ''}
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}

const STATUS_WORDS: Record<CertificateView['status'], string> = { valid: 'Valid', revoked: 'Revoked', superseded: 'Superseded' };

/** The student's certificates: number, belt, date, status, the PDF (fetched with the session) and the public verify page. */
export function Certificates({ certificates }: { certificates: readonly CertificateView[] }) {
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState('');
  if (!certificates.length) return <p className="muted">No certificates yet. Each belt passed at a grading comes with one.</p>;
  async function download(c: CertificateView) {
    setBusy(c._id);
    setAlert('');
    try {
      await openDocument(c.pdfUrl, `${c.number}.pdf`);
    } catch (err) {
      setAlert(errorMessage(err));
    } finally {
      setBusy('');
    }
  }
  return (
    <>
      {alert && (
        <p className="form-error" role="alert">
          {alert}
        </p>
      )}
      <ul className="belt-certificates">
        {certificates.map((c) => {
          const verify = safeHref(c.verifyUrl);
          return (
            <li key={c._id} className="belt-certificate">
              <p>
                <strong>{c.rankName}</strong> · {c.programName}
              </p>
              <p className="muted">
                No. {c.number} · <CalendarDay day={c.issuedOn} /> ·{' '}
                <span className={`badge certificate-${c.status}`}>{STATUS_WORDS[c.status] ?? c.status}</span>
              </p>
              {c.status === 'revoked' && c.revocationReason && <p className="muted">Revoked: {c.revocationReason}</p>}
              <p className="belt-certificate-actions">
                <button type="button" className="btn btn-secondary btn-sm" disabled={busy === c._id} onClick={() => void download(c)}>
                  {busy === c._id ? 'Downloading…' : 'Download PDF'}
                  <span className="visually-hidden"> of certificate {c.number}</span>
                </button>
                {verify && (
                  <a className="btn btn-secondary btn-sm" href={verify} target="_blank" rel="noopener">
                    Verify
                    <span className="visually-hidden"> certificate {c.number} (opens the public page in a new tab)</span>
                  </a>
                )}
              </p>
            </li>
          );
        })}
      </ul>
    </>
  );
}
