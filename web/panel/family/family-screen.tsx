import { useCallback, useEffect, useState } from 'react';
import { FormAlert, FormStatus } from '#web/components/form-kit.tsx';
import { Loading } from '#web/components/loading.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { readFamily, type Family, type FamilyMember } from '#web/lib/family-api.ts';
import { PersonAttendance } from '#web/panel/attendance/my-attendance-screen.tsx';
import { ClassBookings } from '#web/panel/bookings/class-bookings.tsx';
import { navigate, PanelLink } from '#web/panel/router.tsx';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { ChildCard } from './child-card.tsx';
import { ChildForm } from './child-form.tsx';
import { ChildLoginForm } from './child-login-form.tsx';
import { GuardianInvites } from './guardian-invites.tsx';

/**
 * "Family" of the student and member panels: the guardian's children (cards), adding and editing a
 * child, a login for a child, a second guardian's invitation; per child (`family/<id>[/edit|/login|/attendance]`)
 * the classes booked and to book for them, and their attendance.
 */
export default function FamilyScreen({ path, base }: PanelScreenProps) {
  const [family, setFamily] = useState<Family | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const load = useCallback(async (signal?: AbortSignal) => {
    try {
      setFamily(await readFamily(signal));
      setError('');
    } catch (err) {
      if (!signal?.aborted) setError(errorMessage(err));
    }
  }, []);
  useEffect(() => {
    const ctl = new AbortController();
    void load(ctl.signal);
    return () => ctl.abort();
  }, [load]);

  /** A form finished: back to the list with its words, read again. */
  const done = (message: string) => {
    setNotice(message);
    void load();
    navigate(base);
  };
  const back = () => navigate(base);

  if (!family)
    return (
      <section className="panel-screen family-screen" data-state={error ? 'failed' : 'loading'}>
        <h2>Family</h2>
        {error ? <FormAlert message={error} /> : <Loading label="Loading your family…" />}
      </section>
    );

  const [head, tail] = path;
  if (head === 'add')
    return (
      <section className="panel-screen family-screen" data-ready="">
        <BackLink base={base} />
        <ChildForm onSaved={(c, m) => done(m || `${c.name} was added.`)} onCancel={back} />
      </section>
    );
  if (head) {
    const child = family.children.find((c) => c._id === head);
    if (!child)
      return (
        <section className="panel-screen family-screen" data-ready="">
          <BackLink base={base} />
          <FormAlert message="Child not found" />
        </section>
      );
    return (
      <section className="panel-screen family-screen" data-ready="">
        <BackLink base={base} />
        {tail === 'edit' ? (
          <ChildForm child={child} onSaved={(_c, m) => done(m)} onCancel={back} />
        ) : tail === 'login' ? (
          <ChildLoginForm child={child} onSaved={done} onCancel={back} />
        ) : tail === 'attendance' ? (
          <PersonAttendance title={`${child.name}: attendance`} child={child} />
        ) : (
          <ClassBookings key={child._id} title={`${child.name}: classes`} child={child} />
        )}
      </section>
    );
  }

  return (
    <section className="panel-screen family-screen" data-ready="">
      <h2>Family</h2>
      <FormStatus message={notice} />
      <FormAlert message={error} />
      <section aria-labelledby="family-children-title">
        <div className="family-head">
          <h3 id="family-children-title">Children</h3>
          <PanelLink className="btn btn-primary" href={`${base}/add`}>
            Add a child
          </PanelLink>
        </div>
        {family.children.length === 0 ? (
          <p className="muted">
            No children yet. Add a child to book their classes, pay their membership and sign their waiver from your account.
          </p>
        ) : (
          <ul className="child-list">
            {family.children.map((c) => (
              <ChildCard key={c._id} child={c} base={base} />
            ))}
          </ul>
        )}
      </section>
      <CoGuardians guardians={family.guardians} />
      <GuardianInvites invites={family.invites} hasChildren={family.children.length > 0} onChanged={done} />
    </section>
  );
}

function BackLink({ base }: { base: string }) {
  return (
    <p className="back-link">
      <PanelLink href={base}>← Family</PanelLink>
    </p>
  );
}

function CoGuardians({ guardians }: { guardians: FamilyMember[] }) {
  if (guardians.length === 0) return null;
  return (
    <section aria-labelledby="family-guardians-title">
      <h3 id="family-guardians-title">Guardians</h3>
      <ul className="guardian-list">
        {guardians.map((g) => (
          <li key={g._id}>
            <strong>{g.name}</strong> <span className="muted">({g.relationship})</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
