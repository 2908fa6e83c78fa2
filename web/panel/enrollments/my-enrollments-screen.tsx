import { FormAlert, FormStatus } from '#web/components/form-kit.tsx';
import { useSchoolZone } from '#web/components/school-zone.tsx';
import { cancelMoneyNote } from '#web/lib/enrollment-panel-format.ts';
import type { SessionUser } from '#web/lib/session.ts';
import { OfflineNotice } from '#web/panel/resource/offline-notice.tsx';
import { dayIn, EnrollmentCard, type Mine, type MyKind } from './enrollment-card.tsx';
import { CancelEnrollmentDialog, RenewDialog } from './enrollment-parts.tsx';
import { useMyEnrollments } from './use-my-enrollments.ts';

/** A student's "My courses" or "My memberships": one card each; pay, renew or cancel. */
export function MyEnrollmentsScreen<T extends Mine>({ kind, user }: { kind: MyKind<T>; user: SessionUser }) {
  const { state, load, alert, setAlert, status, setStatus, paying, pay, cancelling, setCancelling, renewing, setRenewing } =
    useMyEnrollments<T>(user, kind.read, kind.pay);
  const day = dayIn(useSchoolZone());

  if (!state) return <p role="status">{kind.loading}</p>;
  return (
    <section className="panel-screen" data-ready="" aria-labelledby={`${kind.id}-title`}>
      <h1 id={`${kind.id}-title`}>{kind.title}</h1>
      {state.offline && <OfflineNotice info={state.offline} />}
      <FormStatus message={status} />
      <FormAlert message={alert} />
      {state.items.length === 0 && !alert ? (
        <p>{kind.empty}</p>
      ) : (
        <ul className="my-enrol-list">
          {state.items.map((e) => (
            <EnrollmentCard
              key={e._id}
              kind={kind}
              item={e}
              offline={!!state.offline}
              paying={paying === e._id}
              onPay={() => void pay(e)}
              onRenew={() => setRenewing(e)}
              onCancel={() => setCancelling(e)}
            />
          ))}
        </ul>
      )}
      {cancelling && (
        <CancelEnrollmentDialog
          title={kind.cancelTitle(cancelling)}
          what={kind.what}
          onClose={() => setCancelling(null)}
          onCancel={async (reason) => {
            await kind.cancel(cancelling, reason);
            setCancelling(null);
            setAlert('');
            setStatus(kind.cancelled);
            await load();
          }}
        >
          <p>
            {kind.cancelLead}
            {cancelMoneyNote(cancelling.enrollmentStatus, cancelling.paymentStatus, kind.money(cancelling)(cancelling.totalAmount))}
          </p>
        </CancelEnrollmentDialog>
      )}
      {renewing && (
        <RenewDialog
          title={`Renew ${kind.name(renewing)}`}
          loadMethods={kind.paymentMethods}
          onClose={() => setRenewing(null)}
          onRenew={async (form) => {
            if ((await kind.renew(renewing, form)) === 'free') {
              setRenewing(null);
              setStatus(kind.renewed);
              await load();
            }
          }}
        >
          <p>{kind.renewNote(renewing, day)}</p>
        </RenewDialog>
      )}
    </section>
  );
}
