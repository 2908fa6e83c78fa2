import { useEffect, useState } from 'react';
import { CheckField, FormAlert } from '#web/components/form-kit.tsx';
import { Loading } from '#web/components/loading.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { markTechnique, readNextTechniques, type NextTechnique, type ReadyRow } from './gradings-api.ts';

/** The next belt's techniques of one student, each a checkbox: ticking it marks the technique passed. */
export function NextTechniques({ row, program, onChanged }: { row: ReadyRow; program: string; onChanged: (message: string) => void }) {
  const [items, setItems] = useState<NextTechnique[] | null>(null);
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState('');

  useEffect(() => {
    const ctl = new AbortController();
    readNextTechniques(row.userId, program, ctl.signal).then(
      (list) => !ctl.signal.aborted && setItems(list),
      (err: unknown) => {
        if (ctl.signal.aborted) return;
        setAlert(errorMessage(err));
        setItems([]);
      },
    );
    return () => ctl.abort();
  }, [row.userId, program]);

  const set = (id: string, passed: boolean) => setItems((list) => list?.map((x) => (x._id === id ? { ...x, passed } : x)) ?? list);

  /** The box follows the tap at once and goes back if the server refuses. */
  async function toggle(t: NextTechnique, passed: boolean) {
    setBusy(t._id);
    setAlert('');
    set(t._id, passed);
    try {
      await markTechnique(row.userId, t._id, passed);
      onChanged(passed ? `${t.title}: passed by ${row.name}.` : `${t.title}: no longer marked passed for ${row.name}.`);
    } catch (err) {
      set(t._id, !passed);
      setAlert(errorMessage(err));
    } finally {
      setBusy('');
    }
  }

  if (!items) return <Loading label="Loading the techniques…" />;
  return (
    <fieldset className="ready-techniques">
      <legend>
        {row.nextRank?.name} techniques of {row.name}
      </legend>
      <FormAlert message={alert} />
      {items.length === 0 && !alert && <p className="muted">The next belt has no techniques to pass.</p>}
      {items.map((t) => (
        <CheckField
          key={t._id}
          id={`tech-${row.userId}-${t._id}`}
          label={`${t.title}${t.category ? ` (${t.category})` : ''}`}
          checked={t.passed}
          disabled={busy === t._id}
          onChange={(e) => void toggle(t, e.target.checked)}
        />
      ))}
    </fieldset>
  );
}
