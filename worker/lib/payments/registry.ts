import { RENEWAL_DEFAULT_METHOD } from '#core/enrollments/enrollment-options.ts';
import type { PaymentGatewayName } from '#core/shop/shop-options.ts';
import type { AppConfig } from '#worker/config.ts';
import { badRequest } from '#worker/lib/errors.ts';
import type { PaymentGateway } from './gateway.ts';
import { paypalGateway } from './paypal.ts';
import { razorpayGateway } from './razorpay.ts';
import { sandboxGateway } from './sandbox.ts';
import { stripeGateway } from './stripe.ts';

type RealGateway = Exclude<PaymentGatewayName, 'sandbox'>;

/** A real gateway is offered only when every secret it needs (its webhook's included) is set. */
const CONFIGURED: Record<RealGateway, (c: AppConfig) => boolean> = {
  stripe: (c) => Boolean(c.STRIPE_SECRET_KEY && c.STRIPE_WEBHOOK_SECRET),
  paypal: (c) => Boolean(c.PAYPAL_CLIENT_ID && c.PAYPAL_CLIENT_SECRET && c.PAYPAL_WEBHOOK_ID),
  razorpay: (c) => Boolean(c.RAZORPAY_KEY_ID && c.RAZORPAY_KEY_SECRET && c.RAZORPAY_WEBHOOK_SECRET),
};

export type GatewayFactory = (config: AppConfig, origin: string) => PaymentGateway;

const FACTORIES: Partial<Record<PaymentGatewayName, GatewayFactory>> = {
  sandbox: sandboxGateway,
  stripe: (config, origin) => stripeGateway(config, origin),
  paypal: (config, origin) => paypalGateway(config, origin),
  razorpay: (config, origin) => razorpayGateway(config, origin),
};

/** Offered gateways, stripe first; the sandbox when no real one is configured or the app runs locally or in tests. */
export function availableGateways(config: AppConfig): PaymentGatewayName[] {
  const real = (Object.keys(CONFIGURED) as RealGateway[]).filter((g) => CONFIGURED[g](config) && FACTORIES[g]);
  const sandbox = real.length === 0 || config.APP_ENV === 'local' || config.APP_ENV === 'test';
  return sandbox ? [...real, 'sandbox'] : real;
}

/** Spec 9: stripe by default where configured, else the first offered (the sandbox locally). */
export function defaultGateway(config: AppConfig): PaymentGatewayName {
  const offered = availableGateways(config);
  return offered.includes('stripe') ? 'stripe' : offered[0]!;
}

/** Spec 9: a renewal (course or membership) pays by razorpay where it is offered, else by the first gateway offered. */
export function renewalDefaultGateway(config: AppConfig): PaymentGatewayName {
  const offered = availableGateways(config);
  return offered.includes(RENEWAL_DEFAULT_METHOD) ? RENEWAL_DEFAULT_METHOD : offered[0]!;
}

/** The offered gateway asked for (400 'Payment method X is not available' otherwise), else `fallback`: checked before anything is written. */
export const chosenGateway = (
  { config, origin }: { config: AppConfig; origin: string },
  asked: string | undefined,
  fallback: string = defaultGateway(config),
): PaymentGatewayName => gatewayFor(config, origin, asked ?? fallback).name;

export const paymentMethodUnavailable = (name: string) => `Payment method ${name} is not available`;

/** The adapter of an offered gateway; 400 with the spec's wording for any other. */
export function gatewayFor(config: AppConfig, origin: string, name: string): PaymentGateway {
  const offered = availableGateways(config) as string[];
  const factory = FACTORIES[name as PaymentGatewayName];
  if (!offered.includes(name) || !factory) throw badRequest(paymentMethodUnavailable(name));
  return factory(config, origin);
}
