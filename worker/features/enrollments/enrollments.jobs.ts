import { cancelUnpaidPurchases, cancelUnpaidRenewals as cancelUnpaidKindRenewals, type Job } from '#worker/lib/enrolment/jobs.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { COURSE } from './enrollments.kind.ts';

/** Unpaid course enrolments past their window: cancelled with their seats, coupon uses and unpaid renewals back (the kit's job). */
export const cancelUnpaidEnrollments = (ctx: Pick<ServiceCtx, 'db'>, now = new Date()) => cancelUnpaidPurchases(ctx, COURSE, now);

/** Unpaid course renewals past their window end the same way (the enrolment itself stays as it is). */
export const cancelUnpaidRenewals = (ctx: Pick<ServiceCtx, 'db'>, now = new Date()) => cancelUnpaidKindRenewals(ctx, COURSE, now);

/** This feature's scheduled work (worker/scheduled.ts runs it every minute; each job idempotent). */
export const JOBS: Job[] = [
  { name: 'cancel unpaid course enrolments', run: cancelUnpaidEnrollments },
  { name: 'cancel unpaid course renewals', run: cancelUnpaidRenewals },
];
