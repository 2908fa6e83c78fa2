import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '#core/billing/billing-options.ts';
import { loadConfig } from '#worker/config.ts';
import type { Bindings } from '#worker/env.ts';
import { AppError } from '#worker/lib/errors.ts';
import { resetSandboxVault, sandboxChargeCount, sandboxSetupApproval, sandboxVault } from './sandbox-vault.ts';
import { vaultFor, vaultGateways } from './vault-registry.ts';

const config = () => loadConfig(env as unknown as Bindings);
const vault = () => sandboxVault(config(), 'http://dojo.test');
const charge = (providerMethodId: string, idempotencyKey: string) =>
  vault().charge({
    providerCustomerId: null,
    providerMethodId,
    amountCents: 2500,
    currency: 'CAD',
    idempotencyKey,
    description: 'Kids Karate — Monthly',
    paymentRecordId: 'pay-1',
    purchaseId: 'inv-1',
  });

beforeEach(() => resetSandboxVault());

describe('the vault registry', () => {
  it('offers the sandbox vault in tests and refuses a gateway that is not offered', () => {
    expect(vaultGateways(config())).toContain('sandbox');
    expect(vaultFor(config(), 'http://dojo.test', 'sandbox').name).toBe('sandbox');
    expect(() => vaultFor(config(), 'http://dojo.test', 'bitcoin')).toThrow('Payment method bitcoin is not available');
  });

  it('offers no sandbox vault in production', () => {
    const production = { ...config(), APP_ENV: 'production' as const };
    expect(vaultGateways(production)).not.toContain('sandbox');
    expect(() => vaultFor(production, 'http://dojo.test', 'sandbox')).toThrow(AppError);
  });
});

describe('the sandbox vault', () => {
  it('opens its own setup page carrying the way back on this site', async () => {
    const started = await vault().startSetup({
      methodRecordId: 'm1',
      customer: { userId: 'u1', email: 'a@b.test', name: 'A B' },
      providerCustomerId: null,
      returnUrl: 'http://dojo.test/student/billing?method=m1',
      cancelUrl: 'http://dojo.test/student/billing?method=m1&cancelled=1',
    });
    const url = new URL(started.checkoutUrl!);
    expect(url.pathname).toBe(`/pay/sandbox/setup/${started.setupId}`);
    expect(url.searchParams.get('return')).toBe('/student/billing?method=m1');
    expect(url.searchParams.get('cancel')).toBe('/student/billing?method=m1&cancelled=1');
    expect(started.providerCustomerId).toMatch(/^sbxcus_/);
  });

  it('saves the card the signed proof names and refuses a forged or foreign proof', async () => {
    const ok = await sandboxSetupApproval(config(), 'sbxset_aaaaaaaaaaaa', 'ok');
    await expect(vault().completeSetup({ setupId: 'sbxset_aaaaaaaaaaaa', providerCustomerId: 'c', proof: ok })).resolves.toEqual({
      providerCustomerId: 'c',
      providerMethodId: ok.methodToken,
      brand: 'Visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
    });
    const declining = await sandboxSetupApproval(config(), 'sbxset_aaaaaaaaaaaa', 'decline');
    const saved = await vault().completeSetup({ setupId: 'sbxset_aaaaaaaaaaaa', providerCustomerId: null, proof: declining });
    expect(saved.last4).toBe('0002');
    const forged = { ...ok, methodToken: ok.methodToken.replace('sbxpm_ok_', 'sbxpm_decline_') };
    const other = await sandboxSetupApproval(config(), 'sbxset_bbbbbbbbbbbb', 'ok');
    for (const proof of [forged, other, { ...ok, signature: '0'.repeat(64) }, {}])
      await expect(vault().completeSetup({ setupId: 'sbxset_aaaaaaaaaaaa', providerCustomerId: null, proof })).rejects.toThrow(
        BILLING_MESSAGES.setupFailed,
      );
  });

  it('charges an ok card, declines a declining one, and answers a repeated key with its first outcome, counted once', async () => {
    const first = await charge('sbxpm_ok_abcdefgh', 'invoice-1-attempt-1');
    expect(first.status).toBe('succeeded');
    expect(await charge('sbxpm_ok_abcdefgh', 'invoice-1-attempt-1')).toEqual(first);
    expect(await charge('sbxpm_decline_abcdefgh', 'invoice-2-attempt-1')).toMatchObject({
      status: 'declined',
      reason: 'Your card was declined',
    });
    expect(sandboxChargeCount()).toBe(2);
  });
});
