import { conflict, notFound } from './errors.ts';
import type { ServiceCtx } from './service-context.ts';
import { checkFile, putFiles, removeObjects } from './stored-files.ts';
import { writeOrRemove } from './stored-objects.ts';

type StorageCtx = Pick<ServiceCtx, 'storage'>;

/** An image stored in R2 for a record's single image column (chart src, photo, logo, cover). */
export type StoredImage = { key: string; mime: string; size: number; width: number | null; height: number | null };

/** Checks (JPEG/PNG/WebP ≤ 5 MB) and stores an image; null when no file was sent. */
export async function storeImage(ctx: StorageCtx, prefix: string, file: File | null | undefined): Promise<StoredImage | null> {
  if (!file) return null;
  const checked = await checkFile(file, 'image');
  const [key] = await putFiles(ctx.storage, prefix, [checked]);
  return { key: key!, mime: checked.mime, size: checked.size, width: checked.width, height: checked.height };
}

/** Stores the image (if any), then inserts the row; a failed insert removes the new object. */
export async function insertWithImage<T>(
  ctx: StorageCtx,
  prefix: string,
  file: File | null | undefined,
  insert: (image: StoredImage | null) => Promise<T>,
): Promise<T> {
  const image = await storeImage(ctx, prefix, file);
  return writeOrRemove(ctx.storage, image ? [image.key] : [], () => insert(image));
}

type SwapOpts<T> = {
  prefix: string;
  file: File | null | undefined;
  /** Clear the image when no new file comes (e.g. removePhoto=true). */
  remove?: boolean | undefined;
  oldKey: string | null;
  /**
   * The compare-and-set update: must only match while the image column still holds `oldKey`.
   * `image` is the new image, null to clear it, undefined to leave it.
   */
  update: (image: StoredImage | null | undefined) => Promise<T | undefined>;
  exists: () => Promise<boolean>;
  notFoundMessage: string;
};

/**
 * Updates a record that owns one image: the new object is put first, the row updated only if its
 * image is still the one read (else 409, or 404 if the row went), the new object removed on any
 * failure, and the replaced object deleted after the row update.
 */
export async function updateWithImage<T>(ctx: StorageCtx, o: SwapOpts<T>): Promise<T> {
  const stored = await storeImage(ctx, o.prefix, o.file);
  const image = stored ?? (o.remove ? null : undefined);
  const row = await writeOrRemove(ctx.storage, stored ? [stored.key] : [], async () => {
    const updated = await o.update(image);
    if (updated !== undefined) return updated;
    if (!(await o.exists())) throw notFound(o.notFoundMessage);
    throw conflict('The record was changed at the same time, please try again');
  });
  if (image !== undefined && o.oldKey) await removeObjects(ctx.storage, [o.oldKey]);
  return row;
}
