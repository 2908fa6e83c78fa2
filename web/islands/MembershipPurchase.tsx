import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { MembershipPlanDto } from '#core/catalog/types.ts';
import { DOCUMENT_TYPES, ENROLLMENT_LIMITS, MEMBERSHIP_CURRENCY } from '#core/enrollments/enrollment-options.ts';
import { ENROLLMENT_PAYMENT_LABELS, ENROLLMENT_STATUS_LABELS, LIVE_MEMBERSHIP_STATUSES } from '#core/enrollments/enrollment-status.ts';
import { enrollmentTotals, percentToBp, planDiscountCents, type EnrollmentTotals } from '#core/enrollments/pricing.ts';
import type { MembershipEnrollmentView } from '#core/enrollments/views.ts';
import { COUPON_MESSAGES, type PaymentGatewayName } from '#core/shop/shop-options.ts';
import { CheckField, FormAlert } from '#web/components/form-kit.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { couponFailure } from '#web/lib/coupon-errors.ts';
import {
  membershipPaymentMethods,
  myMembershipEnrollments,
  purchaseMembership,
  validateMembershipCoupon,
  type MembershipTotalsView,
} from '#web/lib/enrollment-api.ts';
import { saveCurrentEnrollment, savedMembershipForm, saveMembershipForm } from '#web/lib/enrollment-storage.ts';
import { documentsProblem } from '#web/lib/enrollment-upload.ts';
import { rememberMethod } from '#web/lib/shop-api.ts';
import { CodeBox, type Notice } from '#web/components/shop/coupon-box.tsx';
import {
  cents,
  goToGateway,
  MethodChoice,
  MoneyLines,
  outsiderView,
  UploadProgress,
  useLiveEnrollment,
  usePaymentMethod,
  useViewer,
} from '#web/pages/public/enrollment/enrollment-kit.tsx';
import { planPurchaseHref } from '#web/pages/public/links.ts';

type Props = { membershipId: string; membershipName: string; plan: MembershipPlanDto; open: boolean };

const SYMBOL = MEMBERSHIP_CURRENCY.symbol;
const membershipOf = (e: MembershipEnrollmentView) => e.membership._id;
const completeHref = (id: string) => `/memberships/complete?enrollmentId=${encodeURIComponent(id)}`;

/** The chosen plan's purchase: login links for visitors, the member's own enrolment if they have one, else the form. */
export default function MembershipPurchase({ membershipId, membershipName, plan, open }: Props) {
  const viewer = useViewer();
  const existing = useLiveEnrollment(viewer, myMembershipEnrollments, membershipOf, membershipId, LIVE_MEMBERSHIP_STATUSES);

  const outsider = outsiderView(viewer, {
    next: planPurchaseHref(plan._id),
    action: 'buy this membership',
    visitorNote: 'Log in or create a free account to buy this membership and pay online.',
    staffNote: 'You are signed in with a staff account. Students and members buy memberships here; staff manage them in the admin panel.',
  });
  if (outsider) return outsider;
  if (existing === undefined) return <p role="status">Checking your memberships…</p>;
  if (existing)
    return (
      <div className="enrol-status" data-ready="">
        <p role="status">
          You already have the {membershipName} membership ({existing.plan.name}):{' '}
          <strong>{ENROLLMENT_STATUS_LABELS[existing.enrollmentStatus]}</strong>,{' '}
          {ENROLLMENT_PAYMENT_LABELS[existing.paymentStatus].toLowerCase()}.
        </p>
        <a className="btn btn-secondary" href="/student/memberships">
          See my memberships
        </a>
      </div>
    );
  return <PurchaseForm membershipId={membershipId} membershipName={membershipName} plan={plan} focus={open} />;
}

function PurchaseForm({ membershipId, membershipName, plan, focus }: Omit<Props, 'open'> & { focus: boolean }) {
  const saved = savedMembershipForm(plan._id);
  const { methods, method, setMethod } = usePaymentMethod(membershipPaymentMethods, saved?.method);
  const [notes, setNotes] = useState(saved?.notes ?? '');
  const [autopay, setAutopay] = useState(false);
  const [coupon, setCoupon] = useState<{ code: string; discountCents: number; totals?: MembershipTotalsView } | null>(null);
  const [notice, setNotice] = useState<Notice>({ text: '', error: false });
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);

  useEffect(() => saveMembershipForm({ membershipId, planId: plan._id, method, notes }), [membershipId, plan._id, method, notes]);

  // The server's totals once a coupon is checked; before that the same core arithmetic on the plan.
  const priceCents = cents(plan.price);
  const totals: EnrollmentTotals = coupon?.totals
    ? {
        priceCents: cents(coupon.totals.planPrice),
        discountCents: cents(coupon.totals.discountAmount),
        couponDiscountCents: cents(coupon.totals.couponDiscount),
        gstCents: cents(coupon.totals.gstAmount),
        totalCents: cents(coupon.totals.totalAmount),
      }
    : enrollmentTotals({
        priceCents,
        discountCents: planDiscountCents({ priceCents, discountPriceCents: plan.discountPrice == null ? null : cents(plan.discountPrice) }),
        couponDiscountCents: coupon?.discountCents ?? 0,
        gstRateBp: percentToBp(plan.gstRate),
      });

  async function applyCoupon(raw: string) {
    const code = raw.trim().toUpperCase();
    if (!code) return setNotice({ text: COUPON_MESSAGES.invalidCode, error: true });
    try {
      const body = await validateMembershipCoupon(code, membershipId, plan._id);
      const discount = body.data?.calculation.discountAmount ?? 0;
      setCoupon({
        code: body.data?.coupon.code ?? code,
        discountCents: cents(discount),
        ...(body.data?.totals ? { totals: body.data.totals } : {}),
      });
      setNotice({ text: `Coupon ${body.data?.coupon.code ?? code} applied.`, error: false });
    } catch (err) {
      setCoupon(null);
      setNotice({ text: couponFailure(err), error: true });
    }
  }

  function onFiles(e: ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(e.target.files ?? []);
    setFiles(chosen);
    setFilesError(documentsProblem(chosen) ?? '');
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const problem = documentsProblem(files);
    if (problem) {
      setFilesError(problem);
      return document.getElementById('membership-documents')?.focus();
    }
    const form = new FormData();
    form.set('membershipId', membershipId);
    form.set('planId', plan._id);
    if (totals.totalCents > 0) form.set('paymentMethod', method);
    if (coupon) form.set('couponCode', coupon.code);
    if (autopay && totals.totalCents > 0) form.set('autopay', 'true');
    if (notes.trim()) form.set('notes', notes.trim());
    for (const f of files) form.append('documents', f, f.name);
    setBusy(true);
    setAlert('');
    setProgress(files.length ? 0 : null);
    try {
      rememberMethod(method as PaymentGatewayName);
      const body = await purchaseMembership(form, setProgress);
      const enrollment = body.data!.enrollment;
      saveCurrentEnrollment({ kind: 'membership', enrollmentId: enrollment._id, membershipId });
      if (body.data?.payment) await goToGateway(body.data.payment, `Membership: ${enrollment.membership.name}`);
      else window.location.assign(completeHref(enrollment._id));
    } catch (err) {
      setAlert(errorMessage(err));
      setProgress(null);
      setBusy(false);
    }
  }

  return (
    <section className="enrol-form" aria-labelledby="purchase-heading" data-ready={methods ? '' : undefined}>
      <h2 id="purchase-heading" ref={heading} tabIndex={-1}>
        {`${membershipName}: ${plan.name}`}
      </h2>
      <MoneyLines
        label="Price"
        symbol={SYMBOL}
        lines={[
          { label: 'Plan price', cents: totals.priceCents },
          { label: 'Plan discount', cents: totals.discountCents, minus: true },
          { label: `Coupon${coupon ? ` (${coupon.code})` : ''}`, cents: totals.couponDiscountCents, minus: true },
          { label: 'GST/HST', cents: totals.gstCents },
          { label: 'Total', cents: totals.totalCents, total: true },
        ]}
      />
      <CodeBox
        applied={coupon?.code ?? null}
        notice={notice}
        onApply={applyCoupon}
        onRemove={() => {
          setCoupon(null);
          setNotice({ text: 'Coupon removed.', error: false });
        }}
      />
      <form className="form" onSubmit={onSubmit} noValidate aria-busy={busy}>
        <FormAlert message={alert} />
        {totals.totalCents > 0 && <MethodChoice methods={methods} value={method} onChange={setMethod} />}
        {totals.totalCents > 0 && (
          <CheckField
            id="membership-autopay"
            label="Renew automatically (autopay)"
            hint="Each new period is charged to your saved card when it starts; turn it off any time under Billing."
            checked={autopay}
            onChange={(e) => setAutopay(e.target.checked)}
          />
        )}
        <div className={filesError ? 'field field-invalid' : 'field'}>
          <label htmlFor="membership-documents">
            Documents<span className="field-optional"> (optional)</span>
          </label>
          <p id="membership-documents-hint" className="field-hint">
            {`ID or proof of age if the school asks for it: PDF, JPG, PNG or WebP, up to ${ENROLLMENT_LIMITS.maxDocuments} files of 10 MB each.`}
          </p>
          <input
            id="membership-documents"
            name="documents"
            type="file"
            multiple
            accept={DOCUMENT_TYPES.join(',')}
            onChange={onFiles}
            aria-invalid={filesError ? true : undefined}
            aria-describedby={`membership-documents-hint${filesError ? ' membership-documents-error' : ''}`}
          />
          {filesError && (
            <p id="membership-documents-error" className="field-error">
              {filesError}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="membership-notes">
            Notes for the school<span className="field-optional"> (optional)</span>
          </label>
          <textarea id="membership-notes" rows={3} maxLength={1000} value={notes} onChange={(e) => setNotes(e.target.value)} />
        </div>
        <UploadProgress percent={progress} />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? 'Sending…' : totals.totalCents > 0 ? 'Buy and pay' : 'Join'}
        </button>
        <p className="form-note">Prices in Canadian dollars (C$). The school confirms your membership; follow it in My memberships.</p>
      </form>
    </section>
  );
}
