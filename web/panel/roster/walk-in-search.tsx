import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Field, FormStatus } from '#web/components/form-kit.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { isNetworkFailure } from '#web/lib/offline-outbox.ts';
import { searchPeople, type PersonHit } from './roster-api.ts';

const MIN_SEARCH = 2;

/** Finds someone who came without a booking and puts them on the roster (unmarked: the next tap says present or late). */
export function WalkInSearch({ listed, onAdd }: { listed: ReadonlySet<string>; onAdd: (person: PersonHit) => void }) {
  const [text, setText] = useState('');
  const [hits, setHits] = useState<PersonHit[] | null>(null);
  const [note, setNote] = useState('');
  const ctl = useRef<AbortController | null>(null);

  useEffect(() => () => ctl.current?.abort(), []);

  async function search(e?: FormEvent) {
    e?.preventDefault();
    const q = text.trim();
    if (q.length < MIN_SEARCH) {
      setHits(null);
      setNote(`Type at least ${MIN_SEARCH} letters of a name.`);
      return;
    }
    ctl.current?.abort();
    const mine = new AbortController();
    ctl.current = mine;
    setNote('Searching…');
    try {
      const found = await searchPeople(q, mine.signal);
      if (mine.signal.aborted) return;
      setHits(found);
      setNote(found.length ? `${found.length} found.` : `Nobody found for “${q}”.`);
    } catch (err) {
      if (mine.signal.aborted) return;
      setHits(null);
      setNote(isNetworkFailure(err) ? 'Searching needs the connection. Marks on the roster still work offline.' : errorMessage(err));
    }
  }

  return (
    <section className="roster-walk-in" aria-labelledby="roster-walk-in-title">
      <h3 id="roster-walk-in-title">Add a walk-in</h3>
      <form className="roster-walk-in-form" role="search" onSubmit={(e) => void search(e)}>
        <Field
          id="roster-walk-in-search"
          label="Name or e-mail"
          type="search"
          autoComplete="off"
          value={text}
          required={false}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="btn btn-secondary">
          Search
        </button>
      </form>
      <FormStatus message={note} />
      {hits && hits.length > 0 && (
        <ul className="roster-hits">
          {hits.map((p) => (
            <li key={p._id}>
              <span>
                {p.name}
                {!p.mayTrain && <span className="badge roster-badge-review">No active membership</span>}
              </span>
              {listed.has(p._id) ? (
                <span className="muted">On the roster</span>
              ) : (
                <button type="button" className="btn btn-primary btn-sm" onClick={() => onAdd(p)}>
                  Add<span className="visually-hidden"> {p.name}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
