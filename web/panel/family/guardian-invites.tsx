import { useRef, useState, type FormEvent } from 'react';
import { FAMILY_LIMITS } from '#core/family/family-options.ts';
import { Field, FormActions, formValues, HeadedForm, useForm, type Errors } from '#web/components/form-kit.tsx';
import { SchoolTime } from '#web/components/school-zone.tsx';
import { inviteGuardian, revokeInvite, type GuardianInviteView } from '#web/lib/family-api.ts';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Props = { invites: GuardianInviteView[]; hasChildren: boolean; onChanged: (message: string) => void };

/** Invite a second guardian by e-mail, and the invitations still waiting (revoke). */
export function GuardianInvites({ invites, hasChildren, onChanged }: Props) {
  const form = useForm();
  const ref = useRef<HTMLFormElement>(null);
  const [revoking, setRevoking] = useState<GuardianInviteView | null>(null);
  const pending = invites.filter((i) => i.status === 'pending');

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const el = e.currentTarget;
    const v = formValues(el);
    const email = (v.email ?? '').trim();
    const relationship = (v.relationship ?? '').trim();
    const found: Errors = {};
    if (!EMAIL.test(email)) found.email = 'Enter the e-mail address of the other guardian';
    void form.submit(el, found, async () => {
      const body = await inviteGuardian({ email, ...(relationship ? { relationship } : {}) });
      el.reset();
      onChanged(body.message ?? `Invitation sent to ${email}.`);
    });
  }

  return (
    <section className="family-invites" aria-labelledby="family-invites-title">
      <h3 id="family-invites-title">Second guardian</h3>
      {hasChildren ? (
        <HeadedForm
          ref={ref}
          headingId={`${form.id}-title`}
          title="Invite a second guardian"
          busy={form.busy}
          alert={form.alert}
          className="form card family-form"
          onSubmit={onSubmit}
          data-ready={form.readyAttr}
        >
          <p className="muted small">
            They get an e-mail with a link; once they sign in with that address and accept, they can book, pay and see everything for your
            children too.
          </p>
          <div className="form-grid">
            <Field {...form.field('email')} label="Their e-mail" type="email" autoComplete="off" />
            <Field
              {...form.field('relationship')}
              label="Their relationship to the children"
              optional
              placeholder="Mother, Father, Guardian…"
              maxLength={FAMILY_LIMITS.relationshipMax}
            />
          </div>
          <FormActions busy={form.busy} label="Send invitation" busyLabel="Sending…" />
        </HeadedForm>
      ) : (
        <p className="muted">Add a child first; then you can invite a second guardian.</p>
      )}
      {pending.length > 0 && (
        <>
          <h4>Invitations waiting</h4>
          <ul className="invite-list">
            {pending.map((i) => (
              <li key={i._id} className="card invite-card">
                <p>
                  <strong>{i.email}</strong> ({i.relationship}) for {i.children.map((c) => c.name).join(', ') || 'your children'}
                </p>
                <p className="muted small">
                  Expires <SchoolTime iso={i.expiresAt} show="date" />
                </p>
                <button type="button" className="btn btn-secondary btn-sm" onClick={() => setRevoking(i)}>
                  Revoke<span className="visually-hidden"> the invitation to {i.email}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {revoking && (
        <ConfirmDialog
          title={`Revoke the invitation to ${revoking.email}?`}
          confirmLabel="Revoke"
          busyLabel="Revoking…"
          onClose={() => setRevoking(null)}
          onConfirm={async () => {
            await revokeInvite(revoking._id);
            const email = revoking.email;
            setRevoking(null);
            onChanged(`Invitation to ${email} revoked.`);
          }}
        >
          <p>The link in their e-mail will stop working.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
