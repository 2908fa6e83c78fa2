import { eq } from 'drizzle-orm';
import { PRIVILEGED } from '#core/roles.ts';
import { formatMoney } from '#core/money.ts';
import { gradingCandidates, gradings, ranks, users, type GradingRow } from '#db/schema/index.ts';
import { tellSchool } from '#worker/lib/enrolment/money-notice.ts';
import { notify } from '#worker/lib/notify.ts';
import { schoolCurrency } from '#worker/lib/payments/currency.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { personName } from './gradings.serialize.ts';

/** Where a member follows their belt and gradings (the student-screens slice's `progress` screen). */
export const PROGRESS_PATH = '/student/progress';

const candidateNotice = (ctx: ServiceCtx, candidateId: string) =>
  ctx.db
    .select({
      userId: gradingCandidates.userId,
      feeCents: gradingCandidates.feeCents,
      title: gradings.title,
      heldOn: gradings.heldOn,
      gradingId: gradings.id,
      rankName: ranks.name,
      profile: users.profile,
      email: users.email,
    })
    .from(gradingCandidates)
    .innerJoin(gradings, eq(gradings.id, gradingCandidates.gradingId))
    .innerJoin(ranks, eq(ranks.id, gradingCandidates.targetRankId))
    .innerJoin(users, eq(users.id, gradingCandidates.userId))
    .where(eq(gradingCandidates.id, candidateId))
    .get();

type Tell = {
  title: string;
  body: (c: NonNullable<Awaited<ReturnType<typeof candidateNotice>>>) => string;
  eventType: string;
  type?: 'info' | 'success';
};

/** After the response: the candidate hears it in the bell, by push and by e-mail, by their preferences. */
export function tellCandidate(ctx: ServiceCtx, candidateId: string, t: Tell) {
  ctx.defer(`grading ${t.eventType}`, async () => {
    const c = await candidateNotice(ctx, candidateId);
    if (!c) return;
    const body = t.body(c);
    await notify(
      ctx,
      [c.userId],
      {
        title: t.title,
        body,
        type: t.type ?? 'info',
        eventType: t.eventType,
        entityType: 'grading',
        entityId: c.gradingId,
        data: { gradingId: c.gradingId, candidateId },
        actions: [{ action: 'view', title: 'My belt', url: PROGRESS_PATH }],
      },
      { subject: t.title, text: `${body}\n\n${ctx.origin}${PROGRESS_PATH}`, kind: t.eventType },
    );
  });
}

export const tellInvited = (ctx: ServiceCtx, candidateId: string) =>
  tellCandidate(ctx, candidateId, {
    title: 'You are invited to a grading',
    body: (c) => `You are invited to test for ${c.rankName} at ${c.title} on ${c.heldOn}. Register in My belt.`,
    eventType: 'grading_invited',
  });

export const tellWaived = (ctx: ServiceCtx, candidateId: string) =>
  tellCandidate(ctx, candidateId, {
    title: 'Grading fee waived',
    body: (c) => `The school waived your fee for ${c.title} on ${c.heldOn}.`,
    eventType: 'grading_fee_waived',
    type: 'success',
  });

/** A paid fee: the candidate's receipt and the school's money notice (only the payment that paid it gets here). */
export function tellFeePaid(ctx: ServiceCtx, candidateId: string) {
  tellCandidate(ctx, candidateId, {
    title: 'Grading fee received',
    body: (c) => `Your fee for ${c.title} (${c.rankName}) on ${c.heldOn} is paid. Thank you!`,
    eventType: 'grading_fee_paid',
    type: 'success',
  });
  tellSchool(ctx, 'grading fee school notice', async () => {
    const c = await candidateNotice(ctx, candidateId);
    if (!c) return null;
    const fee = formatMoney(c.feeCents, await schoolCurrency(ctx.db));
    return {
      roles: PRIVILEGED,
      title: `Grading fee paid: ${personName(c)}`,
      body: `${personName(c)} paid ${fee} to test for ${c.rankName} at ${c.title} on ${c.heldOn}.`,
      eventType: 'grading_fee_paid_school',
      entityType: 'grading',
      entityId: c.gradingId,
      link: `/admin/gradings/${encodeURIComponent(c.gradingId)}`,
      linkLabel: 'View grading',
    };
  });
}

/** A cancelled grading: every candidate hears why. */
export function tellCancelled(ctx: ServiceCtx, grading: GradingRow, byUserId: string) {
  ctx.defer('grading cancelled', async () => {
    const rows = await ctx.db
      .select({ userId: gradingCandidates.userId })
      .from(gradingCandidates)
      .where(eq(gradingCandidates.gradingId, grading.id));
    const to = rows.map((r) => r.userId).filter((id) => id !== byUserId);
    if (!to.length) return;
    const body = `${grading.title} on ${grading.heldOn} is cancelled${grading.cancelReason ? `: ${grading.cancelReason}` : '.'}`;
    await notify(
      ctx,
      to,
      {
        title: 'Grading cancelled',
        body,
        type: 'info',
        eventType: 'grading_cancelled',
        entityType: 'grading',
        entityId: grading.id,
        data: { gradingId: grading.id },
        actions: [{ action: 'view', title: 'My belt', url: PROGRESS_PATH }],
      },
      { subject: 'Grading cancelled', text: `${body}\n\n${ctx.origin}${PROGRESS_PATH}`, kind: 'grading_cancelled' },
    );
  });
}
