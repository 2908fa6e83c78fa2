import { useState } from 'react';
import { LEDGER_MESSAGES as M } from '#core/progression/ledger-input.ts';
import { CheckField, Field, type Errors } from '#web/components/form-kit.tsx';
import { localDay } from '#web/components/format.ts';
import { useSchoolZone } from '#web/components/school-zone.tsx';
import type { Rank } from '#web/panel/admin/gradings/gradings-api.ts';
import { FormDialog } from './form-dialog.tsx';
import { addStripe, grantCredits, promote, voidAward } from './promotions-api.ts';
import type { RankAwardView } from '#core/progression/views.ts';

type Values = Record<string, string>;
type Common = { userId: string; name: string; program: string; onDone: (message: string) => void; onClose: () => void };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const rankOptions = (ranks: Rank[]) => ranks.map((r) => ({ value: r._id, label: `${r.position}. ${r.name}` }));

/** Rank, stripes and day of an award, and its note: shared by Promote and a void's replacement. */
function AwardFields({ ranks, errors, id, today }: { ranks: Rank[]; errors: Errors; id: string; today: string }) {
  return (
    <>
      <Field
        id={`${id}-rankId`}
        name="rankId"
        label="Rank"
        options={rankOptions(ranks)}
        blankOption="Choose a rank"
        error={errors.rankId}
      />
      <Field
        id={`${id}-stripes`}
        name="stripes"
        label="Stripes"
        optional
        type="number"
        min={0}
        max={10}
        defaultValue="0"
        error={errors.stripes}
      />
      <Field id={`${id}-awardedOn`} name="awardedOn" label="Awarded on" type="date" defaultValue={today} error={errors.awardedOn} />
      <Field
        id={`${id}-note`}
        name="note"
        label="Note"
        hint="Why: kept in the history and the audit log."
        rows={2}
        maxLength={500}
        error={errors.note}
      />
    </>
  );
}

function checkAward(v: Values): Errors {
  const found: Errors = {};
  if (!v.rankId) found.rankId = M.rankRequired;
  if (!DAY.test(v.awardedOn ?? '')) found.awardedOn = M.date;
  if (!v.note?.trim()) found.note = M.noteRequired;
  return found;
}
const award = (v: Values) => ({
  rankId: v.rankId!,
  stripes: Number(v.stripes || 0),
  awardedOn: v.awardedOn!,
  note: v.note!.trim(),
});

export function PromoteDialog({ ranks, ...c }: Common & { ranks: Rank[] }) {
  const today = localDay(new Date(), useSchoolZone());
  return (
    <FormDialog
      title={`Promote ${c.name}`}
      submitLabel="Promote"
      busyLabel="Promoting…"
      onClose={c.onClose}
      check={(v) => checkAward(v)}
      send={async (v) => c.onDone((await promote(c.userId, { program: c.program, ...award(v) })).message ?? `${c.name} promoted`)}
    >
      {(errors, id) => <AwardFields ranks={ranks} errors={errors} id={id} today={today} />}
    </FormDialog>
  );
}

export function StripeDialog(c: Common) {
  return (
    <FormDialog
      title={`Add a stripe for ${c.name}`}
      submitLabel="Add stripe"
      busyLabel="Adding…"
      onClose={c.onClose}
      check={(v): Errors => (v.note?.trim() ? {} : { note: M.noteRequired })}
      send={async (v) => c.onDone((await addStripe(c.userId, { program: c.program, note: v.note!.trim() })).message ?? 'Stripe added')}
    >
      {(errors, id) => <Field id={`${id}-note`} name="note" label="Note" rows={2} maxLength={500} error={errors.note} data-autofocus />}
    </FormDialog>
  );
}

export function CreditsDialog(c: Common) {
  return (
    <FormDialog
      title={`Credit classes to ${c.name}`}
      submitLabel="Add credits"
      busyLabel="Adding…"
      onClose={c.onClose}
      check={(v) => ({
        ...(/^[1-9]\d{0,3}$|^10000$/.test(v.count ?? '') ? {} : { count: M.count }),
        ...(v.reason?.trim() ? {} : { reason: M.reasonRequired }),
      })}
      send={async (v) =>
        c.onDone(
          (await grantCredits(c.userId, { program: c.program, count: Number(v.count), reason: v.reason!.trim() })).message ??
            `${v.count} classes credited`,
        )
      }
    >
      {(errors, id) => (
        <>
          <p>Classes trained before the school used this system: they count towards the current rank’s class requirement.</p>
          <Field id={`${id}-count`} name="count" label="Classes" type="number" min={1} max={10000} error={errors.count} data-autofocus />
          <Field
            id={`${id}-reason`}
            name="reason"
            label="Reason"
            hint="e.g. Attendance book 2023–2024"
            maxLength={500}
            error={errors.reason}
          />
        </>
      )}
    </FormDialog>
  );
}

/** Voids a wrong award (nothing is edited in place) and, optionally, adds the right one in the same step. */
export function VoidDialog({ award: a, ranks, ...c }: Common & { award: RankAwardView; ranks: Rank[] }) {
  const [replace, setReplace] = useState(false);
  const today = localDay(new Date(), useSchoolZone());
  return (
    <FormDialog
      title={`Void ${a.rankName} of ${a.awardedOn}?`}
      submitLabel={replace ? 'Void and replace' : 'Void award'}
      busyLabel="Voiding…"
      danger
      onClose={c.onClose}
      check={(v) => ({ ...(v.reason?.trim() ? {} : { reason: M.reasonRequired }), ...(replace ? checkAward(v) : {}) })}
      send={async (v) => {
        const body = { reason: v.reason!.trim(), ...(replace ? { replacement: award(v) } : {}) };
        c.onDone((await voidAward(a._id, body)).message ?? 'Award voided');
      }}
    >
      {(errors, id) => (
        <>
          <p>The award stays in the history, struck through, with your reason; its certificate is revoked.</p>
          <Field id={`${id}-reason`} name="reason" label="Reason" rows={2} maxLength={500} error={errors.reason} data-autofocus />
          <CheckField
            id={`${id}-replace`}
            label="Replace it with the right award"
            checked={replace}
            onChange={(e) => setReplace(e.target.checked)}
          />
          {replace && <AwardFields ranks={ranks} errors={errors} id={id} today={today} />}
        </>
      )}
    </FormDialog>
  );
}
