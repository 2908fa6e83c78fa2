import type { z, ZodType } from 'zod';
import { IMAGE_MAX_BYTES } from '#core/catalog/images.ts';
import { PRODUCT_MESSAGES } from '#core/shop/product-schemas.ts';
import { SHOP_LIMITS } from '#core/shop/shop-options.ts';
import { filesOf, readBody, type BodyOptions } from '#worker/lib/body.ts';
import { badRequest } from '#worker/lib/errors.ts';
import { checkFiles, type CheckedFile } from '#worker/lib/stored-files.ts';
import { parseInput } from '#worker/lib/validate.ts';

/** A product form carries up to 8 pictures of 5 MB each; JSON at most 1 MB. */
export const PRODUCT_BODY: BodyOptions = {
  maxBytes: SHOP_LIMITS.maxImages * IMAGE_MAX_BYTES + 64 * 1024,
  tooLargeMessage: 'Image size must not exceed 5MB',
  jsonMaxBytes: 1024 * 1024,
};

/** The fields through `schema`, then (only once they are valid) the pictures sent as `images` (or `image`). */
export async function readProductInput<S extends ZodType>(req: Request, schema: S): Promise<{ input: z.output<S>; images: CheckedFile[] }> {
  const body = await readBody(req, PRODUCT_BODY);
  const input = parseInput(schema, body.fields);
  const files = filesOf(body, ['images', 'image']).filter((f) => f.size > 0);
  if (files.length > SHOP_LIMITS.maxImages) throw badRequest(PRODUCT_MESSAGES.tooManyImages);
  return { input, images: await checkFiles(files, 'image') };
}
