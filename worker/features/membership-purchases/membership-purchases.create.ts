import { sql } from 'drizzle-orm';
import { MEMBERSHIP_CURRENCY } from '#core/enrollments/enrollment-options.ts';
import { ENROLLMENT_MESSAGES, LIVE_MEMBERSHIP_STATUSES } from '#core/enrollments/enrollment-status.ts';
import { CreateMembershipPurchaseSchema, MEMBERSHIP_PURCHASE_MESSAGES } from '#core/enrollments/membership-schemas.ts';
import type { EnrollmentCheckout, MembershipEnrollmentView } from '#core/enrollments/views.ts';
import { newId } from '#core/ids.ts';
import { membershipEnrollments } from '#db/schema/index.ts';

type NewMembershipEnrollmentRow = typeof membershipEnrollments.$inferInsert;
import { couponRefusedError } from '#worker/lib/coupon-uses.ts';
import { membershipCouponUse } from './membership-purchases.coupon.ts';
import { badRequest, conflict } from '#worker/lib/errors.ts';
import { actingFor } from '#worker/lib/family/guardian.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';
import { withObjects } from '#worker/lib/stored-objects.ts';
import { parseMultipart, readLimitedBody } from '#worker/lib/uploads.ts';
import { parseInput } from '#worker/lib/validate.ts';
import { checkedDocuments } from '#worker/lib/enrollment-documents.ts';
import { documentFiles, MAX_PURCHASE_BODY_BYTES } from './membership-purchases.files.ts';
import { chosenGateway } from '#worker/lib/payments/registry.ts';
import { purchaseValues } from '#worker/lib/enrolment/columns.ts';
import { purchasePayment } from './membership-purchases.pay.ts';
import { activePlan, pricePlan } from './membership-purchases.pricing.ts';
import { enrollmentView, loadEnrollment } from './membership-purchases.queries.ts';
import { insertWhere, list } from './membership-purchases.sql.ts';
import { requireSignedWaiver } from '#worker/lib/waivers/require-waiver.ts';

/**
 * INSERT … SELECT … WHERE NOT EXISTS a live enrolment of the same user and membership: the check and the
 * write are one statement, so parallel purchases of one membership make exactly one row.
 */
function insertUnlessMember(ctx: ServiceCtx, values: NewMembershipEnrollmentRow) {
  const me = membershipEnrollments;
  return insertWhere(
    ctx.db,
    me,
    values,
    sql`not exists (select 1 from ${me} where ${me.userId} = ${values.userId} and ${me.membershipId} = ${values.membershipId} and ${me.status} in (${list(LIVE_MEMBERSHIP_STATUSES)}))`,
  );
}

/** Reads the multipart purchase within its size limit; anything else is 400. */
async function readForm(req: Request) {
  const bytes = await readLimitedBody(req, MAX_PURCHASE_BODY_BYTES, MEMBERSHIP_PURCHASE_MESSAGES.tooLarge);
  const form = await parseMultipart(bytes, req.headers.get('content-type') ?? undefined);
  if (!form) throw badRequest(MEMBERSHIP_PURCHASE_MESSAGES.multipartRequired);
  return form;
}

const text = (form: FormData, field: string) => {
  const v = form.get(field);
  return typeof v === 'string' ? v : undefined;
};

/**
 * POST /api/purchase-membership: priced from the database, the documents stored, the enrolment and its
 * coupon use written in one batch (documents removed again if it fails), then the payment opened. With
 * `forUserId` a guardian buys for their child: the enrolment is the child's, the payment the guardian's.
 */
export async function purchaseMembership(ctx: ServiceCtx, req: Request): Promise<EnrollmentCheckout<MembershipEnrollmentView>> {
  signedIn(ctx);
  const form = await readForm(req);
  const input = parseInput(CreateMembershipPurchaseSchema, {
    membershipId: text(form, 'membershipId'),
    planId: text(form, 'planId'),
    paymentMethod: text(form, 'paymentMethod'),
    couponCode: text(form, 'couponCode'),
    notes: text(form, 'notes'),
    forUserId: text(form, 'forUserId'),
  });
  const { userId } = await actingFor(ctx, input.forUserId, 'forbidden');
  await requireSignedWaiver(ctx, userId);
  const id = newId();
  const { objects, documents } = await checkedDocuments(documentFiles(form), `enrollments/${id}`, { kind: 'membership', id });
  const priced = await pricePlan(ctx, await activePlan(ctx, input.membershipId, input.planId), input.couponCode, userId);
  const { plan, membership, totals, coupon } = priced;
  const free = totals.totalCents === 0;
  const gateway = free ? 'free' : chosenGateway(ctx, input.paymentMethod);
  const at = new Date();
  const values: NewMembershipEnrollmentRow = {
    id,
    userId,
    membershipId: membership.id,
    planId: plan.id,
    membershipName: membership.name,
    planName: plan.name,
    durationMonths: plan.durationMonths,
    status: 'pending_approval',
    paymentStatus: free ? 'free' : 'pending',
    planPriceCents: totals.priceCents,
    discountCents: totals.discountCents,
    couponDiscountCents: totals.couponDiscountCents,
    ...purchaseValues(totals, coupon && { id: coupon._id, code: coupon.code }, gateway, MEMBERSHIP_CURRENCY.code, at),
    notes: input.notes,
    documents,
    ...(free ? { paymentDueAt: null } : {}),
  };
  const statements = [
    insertUnlessMember(ctx, values),
    ...(coupon
      ? membershipCouponUse(
          ctx.db,
          { couponId: coupon._id, userId, purchaseType: 'membership', purchaseId: id, totals },
          membershipEnrollments,
        )
      : []),
  ] as const;
  const inserted = await withObjects(ctx.storage, objects, async () => {
    try {
      const [rows] = await batch(ctx.db, statements);
      if (!rows.length) throw conflict(ENROLLMENT_MESSAGES.alreadyMember);
      return rows[0]!;
    } catch (err) {
      throw couponRefusedError(err) ?? err;
    }
  });
  const row = (await loadEnrollment(ctx.db, inserted.id))!.row;
  const payment = free ? null : await purchasePayment(ctx, { kind: 'membership', row }, gateway, { abandonOnFailure: true });
  return { enrollment: await enrollmentView(ctx.db, id), payment };
}
