import { and, desc, eq, isNull } from 'drizzle-orm';
import { CHECK_IN_MESSAGES, kioskUrl, type RegisterKioskInput } from '#core/kiosk/check-in.ts';
import { newId } from '#core/ids.ts';
import { kioskDevices } from '#db/schema/index.ts';
import { conflict, notFound } from '#worker/lib/errors.ts';
import { kioskTokenHash, newKioskToken } from '#worker/lib/kiosk-token.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { serializeDevice } from './kiosk.serialize.ts';

/** Registers a device; its token exists only in the URL answered here (the table keeps its hash). */
export async function registerDevice(ctx: ServiceCtx, input: RegisterKioskInput) {
  const admin = signedIn(ctx);
  const token = newKioskToken();
  const row = await ctx.db
    .insert(kioskDevices)
    .values({ id: newId(), name: input.name, location: input.location, tokenHash: await kioskTokenHash(token), createdBy: admin.id })
    .returning()
    .get();
  return { device: serializeDevice(row), url: kioskUrl(ctx.origin, token) };
}

/** Every device the school registered, newest first (a school has a handful). */
export async function listDevices(ctx: ServiceCtx) {
  const rows = await ctx.db.select().from(kioskDevices).orderBy(desc(kioskDevices.createdAt), desc(kioskDevices.id));
  return rows.map(serializeDevice);
}

/** Revokes in one conditional statement: its token answers 401 from the next call on. */
export async function revokeDevice(ctx: ServiceCtx, id: string) {
  signedIn(ctx);
  const row = await ctx.db
    .update(kioskDevices)
    .set({ revokedAt: new Date() })
    .where(and(eq(kioskDevices.id, id), isNull(kioskDevices.revokedAt)))
    .returning()
    .get();
  if (row) return serializeDevice(row);
  const exists = await ctx.db.select({ id: kioskDevices.id }).from(kioskDevices).where(eq(kioskDevices.id, id)).get();
  throw exists ? conflict(CHECK_IN_MESSAGES.alreadyRevoked) : notFound(CHECK_IN_MESSAGES.deviceNotFound);
}
