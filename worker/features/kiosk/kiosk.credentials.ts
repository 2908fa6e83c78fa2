import { eq, sql } from 'drizzle-orm';
import { CHECK_IN_MESSAGES } from '#core/kiosk/check-in.ts';
import { kioskPinHash } from '#core/kiosk/pin-hash.ts';
import { toBase64Url } from '#core/push/base64url.ts';
import { checkinCredentials, type CheckinCredentialsRow } from '#db/schema/index.ts';
import { isUniqueViolation } from '#worker/lib/db-errors.ts';
import { conflict } from '#worker/lib/errors.ts';
import { enforceRateLimits } from '#worker/lib/rate-limit.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { pinKeyOf } from './kiosk.pin.ts';

/** An opaque QR token: 32 random bytes, base64url; it says nothing about whose it is. */
const newQrToken = () => toBase64Url(crypto.getRandomValues(new Uint8Array(32)));

const view = (row: CheckinCredentialsRow) => ({
  token: row.qrToken,
  rotatedAt: row.qrRotatedAt.toISOString(),
  hasPin: row.pinHash !== null,
});
export type MyQrView = ReturnType<typeof view>;

const nowMs = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/** The caller's QR token, created on the first read (a concurrent first read keeps whichever row won). */
export async function myQr(ctx: ServiceCtx): Promise<MyQrView> {
  const { id } = signedIn(ctx);
  const found = await ctx.db.select().from(checkinCredentials).where(eq(checkinCredentials.userId, id)).get();
  if (found) return view(found);
  const created = await ctx.db
    .insert(checkinCredentials)
    .values({ userId: id, qrToken: newQrToken() })
    .onConflictDoNothing({ target: checkinCredentials.userId })
    .returning()
    .get();
  return view(created ?? (await ctx.db.select().from(checkinCredentials).where(eq(checkinCredentials.userId, id)).get())!);
}

/** A new QR token in one upsert: the old one stops matching at the next kiosk snapshot. */
export async function rotateQr(ctx: ServiceCtx): Promise<MyQrView> {
  const { id } = signedIn(ctx);
  const token = newQrToken();
  const row = await ctx.db
    .insert(checkinCredentials)
    .values({ userId: id, qrToken: token })
    .onConflictDoUpdate({ target: checkinCredentials.userId, set: { qrToken: token, qrRotatedAt: nowMs } })
    .returning()
    .get();
  return view(row!);
}

/**
 * Sets the caller's PIN. PINs are unique (a keypad kiosk finds the member by PIN alone), so a taken one
 * answers 409 — which tells the caller someone has it; the per-user rate limit bounds that probing.
 */
export async function setPin(ctx: ServiceCtx, pin: string): Promise<MyQrView> {
  const { id } = signedIn(ctx);
  await enforceRateLimits(ctx.db, [{ key: `pin:${id}`, limit: ctx.config.rateLimits.RATE_LIMIT_PIN_USER }], CHECK_IN_MESSAGES.pinTooOften);
  const pinHash = await kioskPinHash(await pinKeyOf(ctx), pin);
  try {
    const row = await ctx.db
      .insert(checkinCredentials)
      .values({ userId: id, qrToken: newQrToken(), pinHash, pinSetAt: new Date() })
      .onConflictDoUpdate({ target: checkinCredentials.userId, set: { pinHash, pinSetAt: nowMs } })
      .returning()
      .get();
    return view(row!);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(CHECK_IN_MESSAGES.pinTaken);
    throw err;
  }
}

/** Removes the caller's PIN (their QR code keeps working). */
export async function removePin(ctx: ServiceCtx): Promise<MyQrView> {
  const { id } = signedIn(ctx);
  const row = await ctx.db
    .update(checkinCredentials)
    .set({ pinHash: null, pinSetAt: null })
    .where(eq(checkinCredentials.userId, id))
    .returning()
    .get();
  return row ? view(row) : myQr(ctx);
}
