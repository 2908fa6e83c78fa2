import { useCallback, useState } from 'react';
import { FormAlert, FormStatus } from '#web/components/form-kit.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { Pending, useRead } from '#web/panel/homes/home-parts.tsx';
import { PanelLink } from '#web/panel/router.tsx';
import { WaiverForm } from './waiver-form.tsx';
import { WaiverPeople } from './waiver-people.tsx';
import { readDocument, setRequiredWaiver, type WaiverDocument } from './waivers-api.ts';

/** One waiver: whether it is required, its text (a change is a new version), and who signed the current version or has not. */
export function WaiverDocumentPage({ base, id }: { base: string; id: string }) {
  const read = useCallback((signal: AbortSignal) => readDocument(id, signal), [id]);
  const { data, error, retry } = useRead(read);
  const [doc, setDoc] = useState<WaiverDocument | null>(null);
  const [notice, setNotice] = useState('');
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);
  const current = doc ?? data;
  const back = (
    <p>
      <PanelLink href={base}>← All waivers</PanelLink>
    </p>
  );
  if (!current)
    return (
      <div className="panel-screen admin-waiver">
        {back}
        <Pending error={error} retry={retry} label="the waiver" />
      </div>
    );

  async function toggleRequired(d: WaiverDocument) {
    setBusy(true);
    setAlert('');
    try {
      await setRequiredWaiver(d.required ? null : d._id);
      setDoc({ ...d, required: !d.required });
      setNotice(
        d.required
          ? 'No waiver is required now.'
          : `“${d.title}” is now required before booking a class, enrolling or buying a membership.`,
      );
    } catch (err) {
      setNotice('');
      setAlert(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="panel-screen admin-waiver" data-ready="" data-id={current._id}>
      {back}
      <h1>{current.title}</h1>
      <p className="user-badges">
        <span className="badge">{current.currentVersion ? `Version ${current.currentVersion}` : 'Not published'}</span>{' '}
        {current.isActive ? <span className="badge badge-active">Active</span> : <span className="badge badge-blocked">Inactive</span>}
      </p>
      <FormStatus message={notice} />
      <FormAlert message={alert} />
      <section className="card billing-section" aria-labelledby="waiver-required-title">
        <h2 id="waiver-required-title">Required</h2>
        <button
          type="button"
          role="switch"
          aria-checked={current.required}
          aria-describedby="waiver-required-hint"
          className="switch"
          disabled={busy || (!current.required && !current.isActive)}
          onClick={() => void toggleRequired(current)}
        >
          <span className="switch-track" aria-hidden="true">
            <span className="switch-thumb" />
          </span>
          <span className="switch-text">Required before booking, enrolling and buying a membership</span>
        </button>
        <p id="waiver-required-hint" className="field-hint">
          One waiver can be required at a time; requiring this one replaces the other.
          {!current.isActive && ' Make it active first.'}
        </p>
      </section>
      <WaiverPeople key={current.currentVersion} doc={current} />
      <WaiverForm
        key={current.currentVersion}
        doc={current}
        onSaved={(saved, message) => {
          setDoc({ ...current, ...saved });
          setAlert('');
          setNotice(message);
        }}
      />
    </div>
  );
}
