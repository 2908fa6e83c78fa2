import { eq } from 'drizzle-orm';
import { SETTINGS_MESSAGES, UpdateSettingsSchema, type UpdateSettingsInput } from '#core/settings/settings-schemas.ts';
import { waiverDocuments } from '#db/schema/index.ts';
import { filesOf, firstValue, type RequestBody } from '#worker/lib/body.ts';
import { badRequest, tooLarge, unsupportedType } from '#worker/lib/errors.ts';
import { checkImageDimensions } from '#worker/lib/image-size.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { deleteObject, objectKey, withObjects } from '#worker/lib/stored-objects.ts';
import { IMAGE_TYPES, sniffType } from '#worker/lib/uploads.ts';
import { parseInput } from '#worker/lib/validate.ts';
import { loadSettingsRow, serializeSettings, updateSettingsRow, type SettingsChanges } from './settings.store.ts';

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_TOO_LARGE = 'Logo size must not exceed 2MB';
export const WRONG_LOGO_TYPE = 'Only JPEG, PNG, and WebP images are allowed';

export async function getSettings(ctx: Pick<ServiceCtx, 'db'>) {
  return serializeSettings(await loadSettingsRow(ctx.db));
}

function changesOf(input: UpdateSettingsInput): SettingsChanges {
  const changes: SettingsChanges = {};
  if (input.schoolName !== undefined) changes.schoolName = input.schoolName;
  if (input.tagline !== undefined) changes.tagline = input.tagline;
  if (input.contact?.email !== undefined) changes.contactEmail = input.contact.email;
  if (input.contact?.phone !== undefined) changes.contactPhone = input.contact.phone;
  if (input.contact?.address !== undefined) changes.contactAddress = input.contact.address;
  if (input.currency !== undefined) changes.currency = input.currency;
  if (input.currencySymbol !== undefined) changes.currencySymbol = input.currencySymbol;
  if (input.currencyLocale !== undefined) changes.currencyLocale = input.currencyLocale;
  if (input.maxUnpaidOrders !== undefined) changes.maxUnpaidOrders = input.maxUnpaidOrders;
  if (input.taxName !== undefined) changes.taxName = input.taxName;
  if (input.defaultTaxRate !== undefined) changes.defaultTaxRateBp = input.defaultTaxRate;
  if (input.shippingCap !== undefined) changes.shippingCapCents = input.shippingCap;
  if (input.freeShippingThreshold !== undefined) changes.freeShippingOverCents = input.freeShippingThreshold;
  if (input.timeZone !== undefined) changes.timeZone = input.timeZone;
  if (input.bookingCancelCutoffMinutes !== undefined) changes.bookingCancelCutoffMinutes = input.bookingCancelCutoffMinutes;
  if (input.requiredWaiverId !== undefined) changes.requiredWaiverId = input.requiredWaiverId;
  if (input.ageOfMajority !== undefined) changes.ageOfMajority = input.ageOfMajority;
  if (input.dunningRetryDays !== undefined) changes.dunningRetryDays = input.dunningRetryDays;
  if (input.dunningGraceDays !== undefined) changes.dunningGraceDays = input.dunningGraceDays;
  if (input.privacyPolicy !== undefined) changes.privacyPolicy = input.privacyPolicy;
  if (input.termsAndConditions !== undefined) changes.termsAndConditions = input.termsAndConditions;
  return changes;
}

async function checkWaiverExists(ctx: ServiceCtx, id: string) {
  const doc = await ctx.db.select({ id: waiverDocuments.id }).from(waiverDocuments).where(eq(waiverDocuments.id, id)).get();
  if (!doc) throw badRequest(SETTINGS_MESSAGES.waiverNotFound, [{ path: 'requiredWaiverId', message: SETTINGS_MESSAGES.waiverNotFound }]);
}

/** Links are merged per platform; an empty string removes that platform. */
function mergeLinks(current: Record<string, string>, given: UpdateSettingsInput['socialLinks']): Record<string, string> {
  const next = { ...current };
  for (const [platform, url] of Object.entries(given ?? {})) {
    if (url === undefined) continue;
    if (url === '') delete next[platform];
    else next[platform] = url;
  }
  return next;
}

async function checkedLogo(file: File) {
  if (file.size > LOGO_MAX_BYTES) throw tooLarge(LOGO_TOO_LARGE);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffType(bytes);
  if (!type || !(IMAGE_TYPES as readonly string[]).includes(type.mime)) throw unsupportedType(WRONG_LOGO_TYPE);
  return { bytes, type, size: checkImageDimensions(bytes) };
}

/** JSON, or multipart with the same fields (`contact[email]`…, a repeated field read once) and an optional `logo`. */
function inputOf(body: RequestBody): { input: UpdateSettingsInput; logo: File | null } {
  const fields = body.multipart ? Object.fromEntries(Object.entries(body.fields).map(([k, v]) => [k, firstValue(v)])) : body.fields;
  // A form with no file chosen still sends an empty `logo` part.
  return { input: parseInput(UpdateSettingsSchema, fields), logo: filesOf(body, ['logo']).find((f) => f.size > 0) ?? null };
}

/**
 * PUT /api/settings. Order of writes: the new logo object, then the row (compare-and-set on the logo
 * key); a failed row write deletes the new object, and the replaced object goes only once the row no
 * longer points at it.
 */
export async function updateSettings(ctx: ServiceCtx, body: RequestBody) {
  const { input, logo } = inputOf(body);
  const image = logo ? await checkedLogo(logo) : null;
  if (input.requiredWaiverId) await checkWaiverExists(ctx, input.requiredWaiverId);
  if (!image && !input.removeLogo && !input.socialLinks && !Object.keys(changesOf(input)).length) return getSettings(ctx);
  const newKey = image ? objectKey('settings', image.type.ext) : null;
  const objects =
    image && newKey
      ? [
          {
            key: newKey,
            bytes: image.bytes,
            contentType: image.type.mime,
            metadata: { filename: (logo?.name || `logo.${image.type.ext}`).slice(0, 200) },
          },
        ]
      : [];
  return withObjects(ctx.storage, objects, async () => {
    let current = await loadSettingsRow(ctx.db);
    for (let attempt = 0; attempt < 5; attempt++) {
      const changes = changesOf(input);
      if (input.socialLinks) changes.socialLinks = mergeLinks(current.socialLinks, input.socialLinks);
      if (image) Object.assign(changes, { logoKey: newKey, logoWidth: image.size?.width ?? null, logoHeight: image.size?.height ?? null });
      else if (input.removeLogo) Object.assign(changes, { logoKey: null, logoWidth: null, logoHeight: null });
      const row = await updateSettingsRow(ctx.db, changes, current.logoKey);
      if (row) {
        if (current.logoKey !== row.logoKey) await deleteObject(ctx.storage, current.logoKey);
        return serializeSettings(row);
      }
      current = await loadSettingsRow(ctx.db);
    }
    throw new Error('settings logo kept changing underneath the update');
  });
}
