import { currencySettings } from '#core/shop/currency.ts';
import { MEMBERSHIP_CURRENCY } from '#core/enrollments/enrollment-options.ts';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { BILLING_MESSAGES } from '#core/billing/billing-options.ts';
import { BILLING_INPUT_MESSAGES, MAX_PAYMENT_METHODS } from '#core/billing/billing-schemas.ts';
import type { PaymentMethodView } from '#core/billing/views.ts';
import { newId } from '#core/ids.ts';
import { profileName } from '#core/users/person-name.ts';
import { paymentMethods, users, type PaymentMethodRow } from '#db/schema/index.ts';
import { serializePaymentMethod } from '#worker/lib/billing/method-view.ts';
import { conflict, notFound } from '#worker/lib/errors.ts';
import { defaultGateway } from '#worker/lib/payments/registry.ts';
import { vaultFor, vaultGateways } from '#worker/lib/payments/vault-registry.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';

const pm = paymentMethods;
const DAY_MS = 86_400_000;

/** The panel's billing screen: where every vault sends the person back (cancelled with `&cancelled=1`). */
export const billingReturnPath = (methodId: string) => `/student/billing?method=${encodeURIComponent(methodId)}`;

/** GET /api/billing/methods: the caller's saved (active) methods, the default first. */
export async function listMethods(ctx: ServiceCtx): Promise<PaymentMethodView[]> {
  const user = signedIn(ctx);
  const rows = await ctx.db
    .select()
    .from(pm)
    .where(and(eq(pm.userId, user.id), eq(pm.status, 'active')))
    .orderBy(desc(pm.isDefault), desc(pm.createdAt), desc(pm.id));
  return rows.map(serializePaymentMethod);
}

const ownMethod = async (ctx: ServiceCtx, id: string): Promise<PaymentMethodRow> => {
  const user = signedIn(ctx);
  const row = await ctx.db
    .select()
    .from(pm)
    .where(and(eq(pm.id, id), eq(pm.userId, user.id)))
    .get();
  if (!row || row.status === 'removed') throw notFound(BILLING_MESSAGES.methodNotFound);
  return row;
};

/**
 * POST /api/billing/methods: opens the gateway vault's setup page and keeps a `pending` row of it. The row
 * is written by one INSERT … SELECT that also holds the cap (active methods, plus those opened in the last
 * day and never finished), so parallel calls cannot pass it.
 */
export async function startMethod(ctx: ServiceCtx, asked: string | undefined) {
  const user = signedIn(ctx);
  const offered = vaultGateways(ctx.config);
  const preferred = defaultGateway(ctx.config);
  const vault = vaultFor(ctx.config, ctx.origin, asked ?? (offered.includes(preferred) ? preferred : (offered[0] ?? preferred)));
  const [person, known] = await batch(ctx.db, [
    ctx.db.select({ email: users.email, profile: users.profile }).from(users).where(eq(users.id, user.id)),
    ctx.db
      .select({ customer: pm.providerCustomerId })
      .from(pm)
      .where(and(eq(pm.userId, user.id), eq(pm.gateway, vault.name), isNotNull(pm.providerCustomerId)))
      .orderBy(desc(pm.createdAt))
      .limit(1),
  ]);
  const id = newId();
  const back = `${ctx.origin}${billingReturnPath(id)}`;
  const started = await vault.startSetup({
    methodRecordId: id,
    customer: { userId: user.id, email: person[0]?.email ?? '', name: profileName(person[0]?.profile) },
    providerCustomerId: known[0]?.customer ?? null,
    // Dues are charged in the memberships' currency: Stripe offers the methods for it, Razorpay's mandate needs it.
    currency: currencySettings(MEMBERSHIP_CURRENCY.code).gatewayCodes[vault.name],
    returnUrl: back,
    cancelUrl: `${back}&cancelled=1`,
  });
  const now = Date.now();
  const [row] = await ctx.db
    .insert(pm)
    .select((qb) =>
      qb
        .select({
          id: sql`${id}`.as('id'),
          userId: users.id,
          gateway: sql`${vault.name}`.as('gateway'),
          status: sql`'pending'`.as('status'),
          setupId: sql`${started.setupId}`.as('setup_id'),
          providerCustomerId: sql`${started.providerCustomerId}`.as('provider_customer_id'),
          providerMethodId: sql`null`.as('provider_method_id'),
          brand: sql`null`.as('brand'),
          last4: sql`null`.as('last4'),
          expMonth: sql`null`.as('exp_month'),
          expYear: sql`null`.as('exp_year'),
          isDefault: sql`0`.as('is_default'),
          removedAt: sql`null`.as('removed_at'),
          createdAt: sql`${now}`.as('created_at'),
          updatedAt: sql`${now}`.as('updated_at'),
        })
        .from(users)
        .where(
          and(
            eq(users.id, user.id),
            sql`(select count(*) from ${pm} where ${pm.userId} = ${user.id} and (${pm.status} = 'active' or (${pm.status} = 'pending' and ${pm.createdAt} > ${now - DAY_MS}))) < ${MAX_PAYMENT_METHODS}`,
          ),
        ),
    )
    .returning();
  if (!row) throw conflict(BILLING_INPUT_MESSAGES.tooManyMethods);
  return {
    method: serializePaymentMethod(row),
    checkoutUrl: started.checkoutUrl,
    setupId: started.setupId,
    // A gateway whose page opens in the browser (Razorpay Checkout) needs its key and the customer the mandate is for.
    ...(started.keyId ? { keyId: started.keyId, customerId: started.providerCustomerId } : {}),
  };
}

/**
 * POST /api/billing/methods/:id/complete: the vault checks the proof with its provider, then ONE conditional
 * UPDATE makes the pending method active — and the default when the person has none (judged inside the same
 * statement). A second call finds it active and answers the same.
 */
export async function completeMethod(ctx: ServiceCtx, id: string, proof: Record<string, string>): Promise<PaymentMethodView> {
  const row = await ownMethod(ctx, id);
  if (row.status === 'active') return serializePaymentMethod(row);
  const saved = await vaultFor(ctx.config, ctx.origin, row.gateway).completeSetup({
    setupId: row.setupId,
    providerCustomerId: row.providerCustomerId,
    proof,
  });
  const [done] = await ctx.db
    .update(pm)
    .set({
      status: 'active',
      providerCustomerId: saved.providerCustomerId,
      providerMethodId: saved.providerMethodId,
      brand: saved.brand,
      last4: saved.last4,
      expMonth: saved.expMonth,
      expYear: saved.expYear,
      isDefault: sql`not exists (select 1 from ${pm} d where d.user_id = ${row.userId} and d.is_default = 1 and d.status = 'active')`,
      updatedAt: new Date(),
    })
    .where(and(eq(pm.id, id), eq(pm.status, 'pending')))
    .returning();
  return serializePaymentMethod(done ?? (await ownMethod(ctx, id)));
}

/**
 * POST /api/billing/methods/:id/default: one batch of two conditional UPDATEs — every other default of the
 * person cleared (only when the target is theirs and active), then the target set — so the one-default index
 * holds and parallel calls leave exactly one default.
 */
export async function makeDefault(ctx: ServiceCtx, id: string): Promise<PaymentMethodView> {
  const user = signedIn(ctx);
  const target = sql`exists (select 1 from ${pm} t where t.id = ${id} and t.user_id = ${user.id} and t.status = 'active')`;
  const now = new Date();
  const [, [row]] = await batch(ctx.db, [
    ctx.db
      .update(pm)
      .set({ isDefault: false, updatedAt: now })
      .where(and(eq(pm.userId, user.id), eq(pm.isDefault, true), sql`${pm.id} <> ${id}`, target)),
    ctx.db
      .update(pm)
      .set({ isDefault: true, updatedAt: now })
      .where(and(eq(pm.id, id), eq(pm.userId, user.id), eq(pm.status, 'active')))
      .returning(),
  ]);
  if (!row) throw notFound(BILLING_MESSAGES.methodNotFound);
  return serializePaymentMethod(row);
}

/**
 * DELETE /api/billing/methods/:id: removed (its provider references stay for the invoices it paid). When it
 * was the default, the newest other active method becomes the default in the same batch; with none, autopay
 * memberships stay on and their next charge declines with "Add a payment method…".
 */
export async function removeMethod(ctx: ServiceCtx, id: string): Promise<void> {
  const user = signedIn(ctx);
  const now = new Date();
  const [removed] = await batch(ctx.db, [
    ctx.db
      .update(pm)
      .set({ status: 'removed', isDefault: false, removedAt: now, updatedAt: now })
      .where(and(eq(pm.id, id), eq(pm.userId, user.id), inArray(pm.status, ['pending', 'active'])))
      .returning({ id: pm.id }),
    ctx.db
      .update(pm)
      .set({ isDefault: true, updatedAt: now })
      .where(
        and(
          sql`${pm.id} = (select n.id from ${pm} n where n.user_id = ${user.id} and n.status = 'active' order by n.created_at desc, n.id desc limit 1)`,
          sql`not exists (select 1 from ${pm} d where d.user_id = ${user.id} and d.is_default = 1 and d.status = 'active')`,
        ),
      ),
  ]);
  if (!removed.length) throw notFound(BILLING_MESSAGES.methodNotFound);
}
