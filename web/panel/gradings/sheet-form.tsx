import { useRef, useState, type FormEvent } from 'react';
import { SCORING_MESSAGES } from '#core/gradings/score-schemas.ts';
import { Field, FocusableAlert, FormStatus } from '#web/components/form-kit.tsx';
import { SchoolTime } from '#web/components/school-zone.tsx';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';
import { BeltName } from '#web/components/belt.tsx';
import { lockSheet, saveScores, type Belt } from './gradings-api.ts';
import {
  completeness,
  draftErrors,
  errorsByTechnique,
  isDirty,
  savedFrom,
  scoresBody,
  type Draft,
  type SheetCandidate,
  type SheetTechnique,
} from './sheet-draft.ts';

type Props = {
  gradingId: string;
  candidate: SheetCandidate;
  target: Belt | null;
  techniques: SheetTechnique[];
  draft: Draft;
  /** False once the grading has left scoring: every input is then read-only. */
  writable: boolean;
  onDraft: (draft: Draft) => void;
  onSaved: (candidate: SheetCandidate) => void;
};

/** One candidate on my sheet: a labelled score per technique (0..max, pass mark shown), a comment, Save and Lock sheet. */
export function SheetForm({ gradingId, candidate: c, target, techniques, draft, writable, onDraft, onSaved }: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const locked = !!c.lockedAt;
  const readOnly = locked || !writable;
  const done = completeness(draft, techniques);
  const dirty = isDirty(draft, c, techniques);
  const idOf = (techniqueId: string) => `score-${c.candidateId}-${techniqueId}`;

  /** Shows the errors and moves focus to the first field named, else to the alert. */
  function refuse(message: string, found: Record<string, string>) {
    setStatus('');
    setErrors(found);
    setAlert(message);
    requestAnimationFrame(() => {
      const first = techniques.find((t) => found[t._id]);
      const el = first
        ? document.getElementById(idOf(first._id))
        : found.comment
          ? document.getElementById(`comment-${c.candidateId}`)
          : null;
      (el ?? alertRef.current)?.focus();
    });
  }

  /** Sends the draft; true when the server holds it. */
  async function save(): Promise<boolean> {
    const found = draftErrors(draft, techniques);
    if (Object.keys(found).length) {
      refuse('Some scores cannot be saved: see the fields marked.', found);
      return false;
    }
    const body = scoresBody(c.candidateId, draft, techniques);
    try {
      await saveScores(gradingId, body);
      onSaved(savedFrom(c, body));
      setErrors({});
      setAlert('');
      return true;
    } catch (err) {
      refuse(errorMessage(err), err instanceof ApiError ? errorsByTechnique(err.errors, body) : {});
      return false;
    }
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (readOnly || busy) return;
    setBusy(true);
    if (await save()) setStatus(`Saved ${c.name}'s scores: ${done.scored} of ${done.total} techniques.`);
    setBusy(false);
  }

  function askLock() {
    const found = draftErrors(draft, techniques);
    if (Object.keys(found).length) return refuse('Some scores cannot be saved: see the fields marked.', found);
    if (!done.complete) {
      const blank: Record<string, string> = {};
      for (const t of techniques) if (!(draft.scores[t._id] ?? '').trim()) blank[t._id] = 'Enter a score';
      return refuse(SCORING_MESSAGES.incompleteSheet, blank);
    }
    setAlert('');
    setConfirming(true);
  }

  async function lock() {
    if (dirty && !(await save())) {
      setConfirming(false);
      return;
    }
    await lockSheet(gradingId, c.candidateId);
    setConfirming(false);
    onSaved({ ...c, ...savedFrom(c, scoresBody(c.candidateId, draft, techniques)), lockedAt: new Date().toISOString() });
    setStatus(`${c.name}'s sheet is locked.`);
  }

  const headingId = `sheet-${c.candidateId}-title`;
  return (
    <form
      ref={formRef}
      className="card sheet-form"
      noValidate
      aria-labelledby={headingId}
      aria-busy={busy}
      onSubmit={(e) => void onSubmit(e)}
      data-locked={locked ? '' : undefined}
    >
      <div className="sheet-head">
        <h2 id={headingId}>{c.name}</h2>
        {locked ? (
          <span className="badge badge-blocked">Locked</span>
        ) : dirty ? (
          <span className="badge sheet-unsaved">Not saved</span>
        ) : null}
      </div>
      <p className="muted sheet-target">
        For <BeltName belt={target} /> · {done.scored} of {done.total} scored
      </p>
      {locked && (
        <p className="notice">
          You locked this sheet <SchoolTime iso={c.lockedAt ?? ''} show="stamp" />: its scores are read-only.
        </p>
      )}
      <FocusableAlert ref={alertRef} message={alert} />
      <FormStatus message={status} />
      {techniques.length === 0 && <p className="empty-state">This belt has no techniques to score.</p>}
      <div className="sheet-scores">
        {techniques.map((t) => (
          <Field
            key={t._id}
            id={idOf(t._id)}
            name={t._id}
            label={t.title}
            hint={`0 to ${t.maxScore} · pass mark ${t.passScore}${t.mandatory ? ' · must pass' : ''}`}
            error={errors[t._id]}
            className="sheet-score"
            type="number"
            inputMode="numeric"
            min={0}
            max={t.maxScore}
            step={1}
            readOnly={readOnly}
            value={draft.scores[t._id] ?? ''}
            onChange={(e) => onDraft({ ...draft, scores: { ...draft.scores, [t._id]: e.target.value } })}
          />
        ))}
      </div>
      <Field
        id={`comment-${c.candidateId}`}
        name="comment"
        label="Comment"
        optional
        rows={3}
        maxLength={2000}
        error={errors.comment}
        readOnly={readOnly}
        value={draft.comment}
        onChange={(e) => onDraft({ ...draft, comment: e.target.value })}
      />
      {!readOnly && (
        <div className="btn-row sheet-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </button>
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={askLock}>
            Lock sheet
          </button>
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title={`Lock ${c.name}'s sheet?`}
          confirmLabel="Lock sheet"
          busyLabel="Locking…"
          danger={false}
          onClose={() => setConfirming(false)}
          onConfirm={lock}
        >
          <p>
            {dirty ? 'Your changes are saved first. ' : ''}Once locked, you cannot change these {done.total} scores. Lock it when you are
            done with this candidate.
          </p>
        </ConfirmDialog>
      )}
    </form>
  );
}
