import { NO_GATEWAY, type PaymentGatewayName } from '#core/shop/shop-options.ts';
import type { AppConfig } from '#worker/config.ts';
import { badRequest, unavailable } from '#worker/lib/errors.ts';
import { availableGateways, paymentMethodUnavailable } from './registry.ts';
import { sandboxVault } from './sandbox-vault.ts';
import type { PaymentVault } from './vault.ts';

export type VaultFactory = (config: AppConfig, origin: string) => PaymentVault;

/** Each gateway that can save a method and charge it later (issue 26 §3); the real ones are added beside the sandbox. */
const VAULTS: Partial<Record<PaymentGatewayName, VaultFactory>> = {
  sandbox: sandboxVault,
};

/** The offered gateways (registry.ts: configured ones, the sandbox only locally and in tests) that have a vault. */
export const vaultGateways = (config: AppConfig): PaymentGatewayName[] => availableGateways(config).filter((g) => VAULTS[g]);

/** The vault of an offered gateway; 400 'Payment method X is not available' for any other, 503 when none is offered. */
export function vaultFor(config: AppConfig, origin: string, name: string): PaymentVault {
  const offered = vaultGateways(config) as string[];
  if (!offered.length) throw unavailable(NO_GATEWAY);
  const factory = VAULTS[name as PaymentGatewayName];
  if (!offered.includes(name) || !factory) throw badRequest(paymentMethodUnavailable(name));
  return factory(config, origin);
}
