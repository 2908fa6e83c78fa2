import { useState, type ReactNode } from 'react';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';
import { NoteDialog } from './enrollment-parts.tsx';

/** What an action tells the screen: a message, the row as it is now (null once deleted), or a refusal to show and reload after. */
export type ActionOutcome<R> = { kind: 'done'; message: string; row: R | null } | { kind: 'refused'; message: string };

/** One move the school may make (approve, reject, suspend…): its button, its dialog's words, and the call. */
export type DecisionMove<R> = {
  button: string;
  /** The dialog's title before the name: "Approve", "Approve the application of". */
  title: string;
  label: string;
  busy: string;
  required?: boolean;
  /** Shown greyed in the empty field: what the server writes when it is left blank. */
  placeholder?: string;
  danger: boolean;
  allowed: (row: R) => boolean;
  note: (row: R) => ReactNode;
  run: (row: R, text: string, name: string) => Promise<{ message: string; row: R }>;
};

/** The moves of one kind (course or membership enrolments, instructor applications), in the order their buttons stand. */
export type DecisionMoves<R> = {
  name: (row: R) => string;
  moves: readonly DecisionMove<R>[];
  /** What the delete button and dialog name: "Jo Park in Karate 101", "the application of Jo Park". */
  deleted: (name: string) => string;
  deleteNote: string;
  /** Deletes, and answers the message to show. */
  remove: (row: R, name: string) => Promise<string>;
};

type Props<R> = { kind: DecisionMoves<R>; row: R; small?: boolean; onOutcome: (o: ActionOutcome<R>) => void };

/**
 * The moves a row's state allows, each asked in a dialog, then delete. A refusal in words (409:
 * another admin moved it first, or a paid live one cannot be deleted) closes the dialog and goes to
 * the screen, which shows it and reloads the row.
 */
export function DecisionActions<R>({ kind, row, small, onOutcome }: Props<R>) {
  const [asking, setAsking] = useState<DecisionMove<R> | 'delete' | null>(null);
  const name = kind.name(row);
  const btn = (tone: string) => `btn ${tone}${small ? ' btn-sm' : ''}`;

  async function run(action: () => Promise<ActionOutcome<R>>) {
    try {
      const outcome = await action();
      setAsking(null);
      onOutcome(outcome);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 409)) throw err;
      setAsking(null);
      onOutcome({ kind: 'refused', message: errorMessage(err) });
    }
  }

  const move = (m: DecisionMove<R>) => (text: string) => run(async () => ({ kind: 'done', ...(await m.run(row, text, name)) }));
  const remove = () => run(async () => ({ kind: 'done', message: await kind.remove(row, name), row: null }));

  return (
    <div className="row-actions">
      {kind.moves
        .filter((m) => m.allowed(row))
        .map((m) => (
          <button key={m.button} type="button" className={btn(m.danger ? 'btn-secondary' : 'btn-primary')} onClick={() => setAsking(m)}>
            {m.button}
            <span className="visually-hidden"> {name}</span>
          </button>
        ))}
      <button type="button" className={btn('btn-danger')} onClick={() => setAsking('delete')}>
        Delete<span className="visually-hidden"> {kind.deleted(name)}</span>
      </button>

      {asking && asking !== 'delete' && (
        <NoteDialog
          title={`${asking.title} ${name}?`}
          label={asking.label}
          required={asking.required}
          placeholder={asking.placeholder}
          confirmLabel={asking.button}
          busyLabel={asking.busy}
          danger={asking.danger}
          onConfirm={move(asking)}
          onClose={() => setAsking(null)}
        >
          <p>{asking.note(row)}</p>
        </NoteDialog>
      )}
      {asking === 'delete' && (
        <ConfirmDialog
          title={`Delete ${kind.deleted(name)}?`}
          confirmLabel="Delete"
          busyLabel="Deleting…"
          onConfirm={remove}
          onClose={() => setAsking(null)}
        >
          <p>{kind.deleteNote}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
