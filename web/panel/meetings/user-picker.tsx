import { useEffect, useRef, useState } from 'react';
import { displayName, ROLE_LABELS } from '#web/lib/session.ts';
import { errorMessage } from '#web/lib/api.ts';
import { readUser, searchUsers, type UserHit } from './meetings-api.ts';
import { Control, FieldError, FieldHint } from '#web/components/form-kit.tsx';

const HINT = 'They see the meeting whatever their role. Type at least 2 letters of a name, email or ID.';

export type Picked = { id: string; label: string };

const roleOf = (u: UserHit) => ROLE_LABELS[u.role as keyof typeof ROLE_LABELS] ?? u.role;
const describe = (u: UserHit) => `${displayName({ email: u.email, profile: u.profile ?? {} })} (${roleOf(u)}, ${u.email})`;

type Props = { id: string; picked: Picked[]; onChange: (next: Picked[]) => void; error?: string | undefined; disabled?: boolean };

/** Invites people by name: search GET /api/users?search=, add from the results, remove from the chosen list. */
export function UserPicker({ id, picked, onChange, error, disabled }: Props) {
  const [term, setTerm] = useState('');
  const [hits, setHits] = useState<UserHit[] | null>(null);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    const q = term.trim();
    if ([...q].length < 2) {
      setHits(null);
      return;
    }
    const ctl = new AbortController();
    const timer = window.setTimeout(() => {
      searchUsers(q, ctl.signal).then(
        (users) => {
          setHits(users);
          setProblem('');
        },
        (err) => !ctl.signal.aborted && setProblem(errorMessage(err)),
      );
    }, 300);
    return () => {
      window.clearTimeout(timer);
      ctl.abort();
    };
  }, [term]);

  // Editing: the meeting holds ids only, so their names are looked up once; the answer is applied to
  // the latest choice (it may have changed while the names were on their way).
  const latest = useRef({ picked, onChange });
  latest.current = { picked, onChange };
  const unnamedIds = picked
    .filter((p) => p.label === p.id)
    .map((p) => p.id)
    .join(',');
  useEffect(() => {
    if (!unnamedIds) return;
    const ctl = new AbortController();
    Promise.all(unnamedIds.split(',').map((id) => readUser(id, ctl.signal).catch(() => null))).then((users) => {
      if (ctl.signal.aborted) return;
      const names = new Map(users.filter((u): u is UserHit => !!u).map((u) => [u._id, describe(u)]));
      const { picked: now, onChange: change } = latest.current;
      if (names.size) change(now.map((p) => ({ ...p, label: names.get(p.id) ?? p.label })));
    });
    return () => ctl.abort();
  }, [unnamedIds]);

  const chosen = new Set(picked.map((p) => p.id));
  const results = (hits ?? []).filter((u) => !chosen.has(u._id));
  return (
    <div className={`field field-wide user-picker${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>
        Invite people by name <span className="field-optional">(optional)</span>
      </label>
      <FieldHint id={id} hint={HINT} />
      <Control
        id={id}
        name="targetUsers"
        type="search"
        autoComplete="off"
        maxLength={100}
        value={term}
        disabled={disabled}
        hint={HINT}
        error={error}
        onChange={(e) => setTerm(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
      />
      <FieldError id={id} error={error} />
      <div role="status" className="picker-status">
        {problem || (hits && `${results.length} ${results.length === 1 ? 'person' : 'people'} found`)}
      </div>
      {results.length > 0 && (
        <ul className="picker-results" aria-label="Search results">
          {results.map((u) => (
            <li key={u._id}>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                disabled={disabled}
                onClick={() => onChange([...picked, { id: u._id, label: describe(u) }])}
              >
                Add<span className="visually-hidden"> {describe(u)}</span>
              </button>
              <span>{describe(u)}</span>
            </li>
          ))}
        </ul>
      )}
      {picked.length > 0 && (
        <ul className="picker-chosen" aria-label="Invited by name">
          {picked.map((p) => (
            <li key={p.id}>
              <span>{p.label}</span>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                disabled={disabled}
                onClick={() => onChange(picked.filter((x) => x.id !== p.id))}
              >
                Remove<span className="visually-hidden"> {p.label}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
