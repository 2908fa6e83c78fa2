import { gatewayOrFree, renewalDefaultGateway } from '#worker/lib/payments/registry.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';

/** The 503 when the first payment of a new enrolment (or renewal) cannot start; it was given back at once. */
export const GATEWAY_DOWN_NEW = 'The payment service could not be reached. Your enrollment was not placed; please try again.';

/** Spec 9: a renewal pays by razorpay where it is offered, else by the first gateway offered (or the one asked for). */
export const renewalGateway = (ctx: ServiceCtx, asked: string | undefined, free = false) =>
  gatewayOrFree(ctx, free, asked, renewalDefaultGateway(ctx.config));

export const returnPath = (key: 'enrollmentId' | 'renewalId', id: string) => `/enroll/complete?${key}=${encodeURIComponent(id)}`;
export const coursePath = (slug: string | null | undefined) => (slug ? `/courses/${encodeURIComponent(slug)}` : '/courses');
