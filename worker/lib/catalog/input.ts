import type { z, ZodType } from 'zod';
import { IMAGE_FIELD, IMAGE_MAX_BYTES, IMAGE_MESSAGES } from '#core/catalog/images.ts';
import { type BodyOptions, filesOf, readBody } from '#worker/lib/body.ts';
import { parseInput } from '#worker/lib/validate.ts';
import { checkImage, type CheckedImage } from './image.ts';

/** A catalog create/update body: a form carries at most one picture (5 MB), JSON at most 1 MB. */
export const CATALOG_BODY: BodyOptions = {
  maxBytes: IMAGE_MAX_BYTES,
  tooLargeMessage: IMAGE_MESSAGES.tooLarge,
  jsonMaxBytes: 1024 * 1024,
};

/** The fields through `schema`, then (only once they are valid) the picture sent under `image`. */
export async function readCatalogInput<S extends ZodType>(
  req: Request,
  schema: S,
): Promise<{ input: z.output<S>; image: CheckedImage | null }> {
  const body = await readBody(req, CATALOG_BODY);
  const input = parseInput(schema, body.fields);
  return { input, image: await checkImage(filesOf(body, [IMAGE_FIELD])[0] ?? null) };
}
