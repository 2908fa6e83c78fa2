import { useEffect, useState } from 'react';
import { api, errorMessage } from '#web/lib/api.ts';
import { Loading } from '#web/components/loading.tsx';
import { Field, FormAlert, FormStatus } from '#web/components/form-kit.tsx';
import { navigate, PanelLink } from '#web/panel/router.tsx';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';
import type { EnquiryStatus } from '#core/enquiries/enquiry-options.ts';
import { SchoolTime } from '#web/components/school-zone.tsx';
import { STATUS_BADGE, type Enquiry } from './enquiry-types.ts';

type Props = { base: string; id: string; onDeleted: (message: string) => void };
const NOTES_MAX = 5000;

/** One enquiry: the sender's words, the notes, and the workflow calls New → Contacted → Resolved (or reopen). */
export function EnquiryDetail({ base, id, onDeleted }: Props) {
  const [enquiry, setEnquiry] = useState<Enquiry | null>(null);
  const [failed, setFailed] = useState('');
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState('');
  const [alert, setAlert] = useState('');
  const [notice, setNotice] = useState('');
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    const ctl = new AbortController();
    api<Enquiry>(`/enquiries/${encodeURIComponent(id)}`, { signal: ctl.signal, fallback: 'Failed to fetch enquiry' }).then(
      (body) => {
        setEnquiry(body.data ?? null);
        setNotes(body.data?.adminNotes ?? '');
      },
      (err) => !ctl.signal.aborted && setFailed(errorMessage(err)),
    );
    return () => ctl.abort();
  }, [id]);

  async function act(label: string, path: string, method: string, body: unknown) {
    setBusy(label);
    setAlert('');
    setNotice('');
    try {
      const answer = await api<Enquiry>(`/enquiries/${encodeURIComponent(id)}${path}`, {
        method,
        body,
        fallback: 'Failed to update enquiry',
      });
      if (answer.data) {
        setEnquiry(answer.data);
        setNotes(answer.data.adminNotes ?? '');
      }
      setNotice(answer.message ?? 'Enquiry updated');
    } catch (err) {
      setAlert(errorMessage(err));
    } finally {
      setBusy('');
    }
  }

  async function remove() {
    const body = await api(`/enquiries/${encodeURIComponent(id)}`, { method: 'DELETE', fallback: 'Failed to delete enquiry' });
    onDeleted(body.message ?? 'Enquiry deleted');
    navigate(base);
  }

  const back = (
    <p className="back-link">
      <PanelLink href={base}>← Enquiries</PanelLink>
    </p>
  );
  if (failed) {
    return (
      <div className="panel-screen enquiry-detail" data-ready="">
        {back}
        <FormAlert message={failed} />
      </div>
    );
  }
  if (!enquiry) return <Loading label="Loading..." />;

  const status: EnquiryStatus = enquiry.status;
  const tooLong = [...notes].length > NOTES_MAX;
  const trimmed = notes.trim();
  return (
    <div className="panel-screen enquiry-detail" data-ready="" data-status={status}>
      {back}
      <div className="screen-head">
        <h1>{enquiry.subject}</h1>
        <span className={`badge ${STATUS_BADGE[status]}`}>{status}</span>
      </div>
      <FormStatus message={notice} />
      <FormAlert message={alert} />
      <div className="enquiry-layout">
        <section className="card" aria-labelledby="enquiry-from">
          <h2 id="enquiry-from">From {enquiry.name}</h2>
          <dl className="facts">
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${enquiry.email}`}>{enquiry.email}</a>
            </dd>
            <dt>Phone</dt>
            <dd>
              <a href={`tel:${enquiry.phone.replace(/[^\d+]/g, '')}`}>{enquiry.phone}</a>
            </dd>
            <dt>Received</dt>
            <dd>
              <SchoolTime iso={enquiry.createdAt} />
            </dd>
            {enquiry.contactedAt && (
              <>
                <dt>Contacted</dt>
                <dd>
                  <SchoolTime iso={enquiry.contactedAt} />
                </dd>
              </>
            )}
            {enquiry.resolvedAt && (
              <>
                <dt>Resolved</dt>
                <dd>
                  <SchoolTime iso={enquiry.resolvedAt} />
                </dd>
              </>
            )}
          </dl>
          <h3>Message</h3>
          <p className="enquiry-message">{enquiry.message}</p>
        </section>

        <section className="card" aria-labelledby="enquiry-handling">
          <h2 id="enquiry-handling">Handling</h2>
          <Field
            id="enquiry-notes"
            label="Admin notes"
            optional="(optional, for admins only)"
            rows={6}
            value={notes}
            error={tooLong ? `Admin notes must be at most ${NOTES_MAX} characters` : undefined}
            onChange={(e) => setNotes(e.target.value)}
          />
          <div className="btn-row">
            {status === 'New' && (
              <button
                type="button"
                className="btn btn-primary"
                disabled={!!busy || tooLong}
                onClick={() => void act('contacted', '/contacted', 'PATCH', trimmed ? { adminNotes: trimmed } : {})}
              >
                {busy === 'contacted' ? 'Saving…' : 'Mark as contacted'}
              </button>
            )}
            {status !== 'Resolved' && (
              <button
                type="button"
                className="btn btn-primary"
                disabled={!!busy || tooLong}
                onClick={() => void act('resolved', '/resolved', 'PATCH', trimmed ? { adminNotes: trimmed } : {})}
              >
                {busy === 'resolved' ? 'Saving…' : 'Mark as resolved'}
              </button>
            )}
            {status === 'Resolved' && (
              <button
                type="button"
                className="btn btn-secondary"
                disabled={!!busy || tooLong}
                onClick={() => void act('reopen', '', 'PUT', { status: 'Contacted', adminNotes: trimmed })}
              >
                {busy === 'reopen' ? 'Saving…' : 'Reopen'}
              </button>
            )}
            <button
              type="button"
              className="btn btn-secondary"
              disabled={!!busy || tooLong || trimmed === enquiry.adminNotes}
              onClick={() => void act('notes', '', 'PUT', { adminNotes: trimmed })}
            >
              {busy === 'notes' ? 'Saving…' : 'Save notes'}
            </button>
          </div>
          <hr />
          <button type="button" className="btn btn-danger btn-sm" onClick={() => setConfirming(true)}>
            Delete enquiry
          </button>
        </section>
      </div>

      {confirming && (
        <ConfirmDialog
          title={`Delete the enquiry “${enquiry.subject}”?`}
          confirmLabel="Delete"
          busyLabel="Deleting…"
          onConfirm={remove}
          onClose={() => setConfirming(false)}
        >
          <p>This permanently removes the enquiry and its notes.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
