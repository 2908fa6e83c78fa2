import { checkImageDimensions } from '#worker/lib/image-size.ts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { users, type UserRow } from '#db/schema/index.ts';
import { badRequest, notFound, tooLarge, unsupportedType } from '#worker/lib/errors.ts';
import { deleteObject, objectKey, withObjects } from '#worker/lib/stored-objects.ts';
import {
  fileFromForm,
  IMAGE_TYPES,
  MULTIPART_OVERHEAD_BYTES,
  parseMultipart,
  readLimitedBody,
  serveObject,
  sniffType,
} from '#worker/lib/uploads.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { AVATAR_URL_PREFIX, serializeUser } from '#worker/lib/serialize-user.ts';

export const ASSET_TYPES = ['profile-picture'] as const;
export const WRONG_IMAGE_TYPE = 'Only JPEG, PNG, and WebP images are allowed';
export const tooLargeMessage = (maxBytes: number) => `File size must not exceed ${Math.round((maxBytes / 1024 / 1024) * 10) / 10}MB`;

const AVATAR_KEY = /^avatars\/[0-9a-z]{24}\/[0-9a-z]{24}\.(jpg|png|webp)$/;

/**
 * Swaps the stored key only if it is still the one we read (compare-and-set), so two parallel uploads
 * cannot both believe they replaced the same picture; returns the key that was replaced.
 */
async function swapPicture(db: Db, userId: string, next: string | null): Promise<{ previous: string | null; row: UserRow }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await db.select({ key: users.profilePicture }).from(users).where(eq(users.id, userId)).get();
    if (!current) throw notFound('User not found');
    const same = current.key === null ? isNull(users.profilePicture) : eq(users.profilePicture, current.key);
    const row = await db
      .update(users)
      .set({ profilePicture: next, updatedAt: new Date() })
      .where(and(eq(users.id, userId), same))
      .returning()
      .get();
    if (row) return { previous: current.key, row };
  }
  throw new Error('profile picture kept changing underneath the update');
}

export async function uploadProfilePicture(ctx: ServiceCtx, userId: string, request: Request) {
  const max = ctx.config.AVATAR_MAX_BYTES;
  const message = tooLargeMessage(max);
  const body = await readLimitedBody(request, max + MULTIPART_OVERHEAD_BYTES, message);
  const form = await parseMultipart(body, request.headers.get('content-type') ?? undefined);
  if (!form) throw badRequest('Please upload the image as multipart form data');
  const file = fileFromForm(form, ['file', 'files']);
  if (!file) throw badRequest('Please choose an image to upload');
  if (file.size > max) throw tooLarge(message);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffType(bytes);
  if (!type || !(IMAGE_TYPES as readonly string[]).includes(type.mime)) throw unsupportedType(WRONG_IMAGE_TYPE);
  checkImageDimensions(bytes);

  const key = objectKey(`avatars/${userId}`, type.ext);
  const swapped = await withObjects(ctx.storage, [{ key, bytes, contentType: type.mime }], () => swapPicture(ctx.db, userId, key));
  await deleteObject(ctx.storage, swapped.previous);
  const user = serializeUser(swapped.row);
  return { message: 'Profile picture uploaded successfully', user, data: { type: 'profile-picture', url: AVATAR_URL_PREFIX + key, user } };
}

export async function deleteProfilePicture(ctx: ServiceCtx, userId: string) {
  const { previous, row } = await swapPicture(ctx.db, userId, null);
  await deleteObject(ctx.storage, previous);
  const user = serializeUser(row);
  return { message: previous ? 'Profile picture removed' : 'There was no profile picture to remove', user, data: { user } };
}

/** Public read of a picture; only well-formed avatar keys are looked up at all. */
export async function serveAvatar(ctx: ServiceCtx, key: string): Promise<Response> {
  if (!AVATAR_KEY.test(key)) throw notFound('File not found');
  const object = await ctx.storage.get(key);
  if (!object) throw notFound('File not found');
  return serveObject(object);
}
