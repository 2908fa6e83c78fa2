import { RENEWAL_DEFAULT_METHOD } from '#core/enrollments/enrollment-options.ts';
import { NO_GATEWAY, type PaymentGatewayName } from '#core/shop/shop-options.ts';
import { configured, GATEWAY_SETTINGS, type AppConfig } from '#worker/config.ts';
import { badRequest, unavailable } from '#worker/lib/errors.ts';
import type { PaymentGateway } from './gateway.ts';
import { paypalGateway } from './paypal.ts';
import { razorpayGateway } from './razorpay.ts';
import { sandboxGateway } from './sandbox.ts';
import { stripeGateway } from './stripe.ts';

type RealGateway = Exclude<PaymentGatewayName, 'sandbox'>;

/** A real gateway is offered only when every secret it needs (its webhook's included) is set; loadConfig refuses half a set. */
const gatewayConfigured = (c: AppConfig, g: RealGateway) => configured(c, GATEWAY_SETTINGS[g]);

export type GatewayFactory = (config: AppConfig, origin: string) => PaymentGateway;

const FACTORIES: Partial<Record<PaymentGatewayName, GatewayFactory>> = {
  sandbox: sandboxGateway,
  stripe: (config, origin) => stripeGateway(config, origin),
  paypal: (config, origin) => paypalGateway(config, origin),
  razorpay: (config, origin) => razorpayGateway(config, origin),
};

/** The sandbox takes no money: it exists only locally and in tests, never in production. */
export const sandboxOffered = (config: AppConfig) => config.APP_ENV === 'local' || config.APP_ENV === 'test';

/** Offered gateways, stripe first, then the sandbox locally and in tests; none in production without a configured gateway. */
export function availableGateways(config: AppConfig): PaymentGatewayName[] {
  const real = (Object.keys(GATEWAY_SETTINGS) as RealGateway[]).filter((g) => gatewayConfigured(config, g) && FACTORIES[g]);
  return sandboxOffered(config) ? [...real, 'sandbox'] : real;
}

/** What the admin's settings say about payments: the gateways offered, and a notice when there is none. */
export function paymentSetup(config: AppConfig) {
  const offered = availableGateways(config);
  return { availableGateways: offered, notice: offered.length ? null : NO_GATEWAY };
}

/** `preferred` where offered, else the first offered (with none offered, gatewayFor refuses it). */
function firstOffered(config: AppConfig, preferred: PaymentGatewayName): PaymentGatewayName {
  const offered = availableGateways(config);
  return offered.includes(preferred) ? preferred : (offered[0] ?? preferred);
}

/** Spec 9: stripe by default where configured, else the first offered (the sandbox locally). */
export const defaultGateway = (config: AppConfig) => firstOffered(config, 'stripe');

/** Spec 9: a renewal (course or membership) pays by razorpay where it is offered, else by the first gateway offered. */
export const renewalDefaultGateway = (config: AppConfig) => firstOffered(config, RENEWAL_DEFAULT_METHOD);

/** The offered gateway asked for (400 'Payment method X is not available' otherwise), else `fallback`: checked before anything is written. */
export const chosenGateway = (
  { config, origin }: { config: AppConfig; origin: string },
  asked: string | undefined,
  fallback: string = defaultGateway(config),
): PaymentGatewayName => gatewayFor(config, origin, asked ?? fallback).name;

/** chosenGateway for a purchase that may cost nothing: with no gateway configured, a free one still goes through as 'free'. */
export const gatewayOrFree = (ctx: { config: AppConfig; origin: string }, free: boolean, asked: string | undefined, fallback?: string) =>
  free && !availableGateways(ctx.config).length ? 'free' : chosenGateway(ctx, asked, fallback);

export const paymentMethodUnavailable = (name: string) => `Payment method ${name} is not available`;

/** The adapter of an offered gateway; 400 with the spec's wording for any other. */
export function gatewayFor(config: AppConfig, origin: string, name: string): PaymentGateway {
  const offered = availableGateways(config) as string[];
  if (!offered.length) throw unavailable(NO_GATEWAY);
  const factory = FACTORIES[name as PaymentGatewayName];
  if (!offered.includes(name) || !factory) throw badRequest(paymentMethodUnavailable(name));
  return factory(config, origin);
}
