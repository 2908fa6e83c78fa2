import { BILLING_MESSAGES } from '#core/billing/billing-options.ts';
import { newSecret } from '#core/ids.ts';
import type { AppConfig } from '#worker/config.ts';
import { badRequest } from '#worker/lib/errors.ts';
import { hmacSha256Hex, verifyHmacHex } from './hmac.ts';
import { sandboxSecret } from './sandbox.ts';
import type { ChargeOutcome, PaymentVault } from './vault.ts';

/** What the sandbox's setup page can save: a card that always approves (…4242) or one that always declines (…0002). */
export const SANDBOX_CARDS = { ok: '4242', decline: '0002' } as const;
export type SandboxCard = keyof typeof SANDBOX_CARDS;

const TOKEN = /^sbxpm_(ok|decline)_[A-Za-z0-9_-]{8,64}$/;
const SETUP_ID = /^sbxset_[A-Za-z0-9_-]{8,64}$/;

/** A setup id the sandbox could have issued (the page refuses anything else before reading the database). */
export const isSandboxSetupId = (v: string) => SETUP_ID.test(v);

// Signed apart from the checkout's `sessionId|paymentId`, so a payment proof can never pass as a saved card.
const setupMessage = (setupId: string, methodToken: string) => `setup|${setupId}|${methodToken}`;

/** The proof the setup page hands the browser when a card is saved, signed as the sandbox checkout signs its payment. */
export async function sandboxSetupApproval(config: AppConfig, setupId: string, card: SandboxCard) {
  const methodToken = `sbxpm_${card}_${newSecret(12)}`;
  return { setupId, methodToken, signature: await hmacSha256Hex(sandboxSecret(config), setupMessage(setupId, methodToken)) };
}

// The sandbox "provider's" memory of idempotency keys: the same key answers the first outcome and is charged once.
// Durable idempotency is the payments row per key (the autopay job); this is what tests count as charges made.
const MAX_KEYS = 50_000;
const charges = new Map<string, ChargeOutcome>();
let chargeCount = 0;
const chargesByPurchase = new Map<string, number>();

/** Charges the sandbox actually made in this isolate (a repeated idempotency key is counted once). */
export const sandboxChargeCount = () => chargeCount;
/**
 * The charges made for one purchase (an invoice): what a test asserts, since other test files' runs of the
 * job in the same isolate charge their own invoices and move the global count.
 */
export const sandboxChargesFor = (purchaseId: string) => chargesByPurchase.get(purchaseId) ?? 0;

/** Tests: forget every charge and key. */
export function resetSandboxVault() {
  charges.clear();
  chargesByPurchase.clear();
  chargeCount = 0;
}

/**
 * The sandbox's vault: its own setup page (`/pay/sandbox/setup/{setupId}`, no JavaScript needed) saves a
 * fake card and hands back an HMAC-signed proof; charges are deterministic by token. It takes no money.
 */
export function sandboxVault(config: AppConfig, origin: string): PaymentVault {
  return {
    name: 'sandbox',
    async startSetup({ returnUrl, cancelUrl, providerCustomerId }) {
      const setupId = `sbxset_${newSecret(18)}`;
      const path = (url: string) => {
        const u = new URL(url, origin);
        return `${u.pathname}${u.search}`;
      };
      const query = new URLSearchParams({ return: path(returnUrl), cancel: path(cancelUrl) });
      return {
        setupId,
        checkoutUrl: `${origin}/pay/sandbox/setup/${setupId}?${query}`,
        providerCustomerId: providerCustomerId ?? `sbxcus_${newSecret(12)}`,
      };
    },
    async completeSetup({ setupId, providerCustomerId, proof }) {
      const token = proof.methodToken ?? '';
      const kind = TOKEN.exec(token)?.[1] as SandboxCard | undefined;
      const valid =
        proof.setupId === setupId &&
        kind !== undefined &&
        (await verifyHmacHex(sandboxSecret(config), setupMessage(setupId, token), proof.signature ?? ''));
      if (!valid) throw badRequest(BILLING_MESSAGES.setupFailed);
      return { providerCustomerId, providerMethodId: token, brand: 'Visa', last4: SANDBOX_CARDS[kind], expMonth: 12, expYear: 2030 };
    },
    async charge({ providerMethodId, idempotencyKey, purchaseId }) {
      const seen = charges.get(idempotencyKey);
      if (seen) return seen;
      const outcome: ChargeOutcome = providerMethodId.startsWith('sbxpm_ok_')
        ? { status: 'succeeded', providerPaymentId: `sbxch_${newSecret(12)}` }
        : { status: 'declined', reason: BILLING_MESSAGES.declined, providerPaymentId: `sbxch_${newSecret(12)}` };
      if (charges.size >= MAX_KEYS) charges.delete(charges.keys().next().value!);
      charges.set(idempotencyKey, outcome);
      chargeCount += 1;
      if (chargesByPurchase.size >= MAX_KEYS) chargesByPurchase.delete(chargesByPurchase.keys().next().value!);
      chargesByPurchase.set(purchaseId, sandboxChargesFor(purchaseId) + 1);
      return outcome;
    },
  };
}
