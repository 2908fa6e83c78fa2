import { useCallback, useState } from 'react';
import { FormStatus } from '#web/components/form-kit.tsx';
import { Pending, useRead } from '#web/panel/homes/home-parts.tsx';
import { readUserFamily, type FamilyPerson } from './family-api.ts';
import { PersonLine, UnlinkDialog, type Unlinking } from './family-people.tsx';
import { LinkChildForm } from './link-child-form.tsx';

/** A user page's Family: the children they are guardian of and their own guardians, each unlinkable; link another child. */
export function UserFamily({ user, base }: { user: { _id: string; name: string }; base: string }) {
  const read = useCallback((signal: AbortSignal) => readUserFamily(user._id, signal), [user._id]);
  const family = useRead(read);
  const [notice, setNotice] = useState('');
  const [unlinking, setUnlinking] = useState<Unlinking | null>(null);
  const done = (message: string) => {
    setNotice(message);
    family.retry();
  };
  const person = (p: FamilyPerson, unlink: Unlinking) => (
    <li key={p._id}>
      <PersonLine href={`${base}/users/${encodeURIComponent(p._id)}`} person={p} />{' '}
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => setUnlinking(unlink)}>
        Unlink<span className="visually-hidden"> {p.name}</span>
      </button>
    </li>
  );
  const d = family.data;
  return (
    <section className="card user-section user-family" aria-labelledby="user-family-title">
      <h2 id="user-family-title">Family</h2>
      <FormStatus message={notice} />
      {!d ? (
        <Pending error={family.error} retry={family.retry} label="the family" />
      ) : (
        <>
          <h3>Children</h3>
          {d.children.length ? (
            <ul className="family-people">{d.children.map((c) => person(c, { guardian: user, child: c }))}</ul>
          ) : (
            <p className="muted">No children linked.</p>
          )}
          {d.guardians.length > 0 && (
            <>
              <h3>Guardians</h3>
              <ul className="family-people">{d.guardians.map((g) => person(g, { guardian: g, child: user }))}</ul>
            </>
          )}
        </>
      )}
      <LinkChildForm guardian={user} onLinked={done} />
      {unlinking && <UnlinkDialog unlinking={unlinking} onClose={() => setUnlinking(null)} onUnlinked={done} />}
    </section>
  );
}
