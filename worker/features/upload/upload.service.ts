import { filesOf, firstValue, type RequestBody } from '#worker/lib/body.ts';
import { AppError, badRequest, type FieldError } from '#worker/lib/errors.ts';
import { cleanFileName } from '#worker/lib/file-name.ts';
import { checkImageDimensions, type ImageSize } from '#worker/lib/image-size.ts';
import { fileUrl } from '#worker/lib/public-files.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { objectKey, putObjects } from '#worker/lib/stored-objects.ts';
import { sniffType, type SniffedType } from '#worker/lib/uploads.ts';
import { parseInput } from '#worker/lib/validate.ts';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES, UPLOAD_TYPES, UploadOptionsSchema, type UploadOptions } from './upload.rules.ts';

type Checked = { bytes: Uint8Array; type: SniffedType; size: ImageSize | null; originalName: string };

function fail(code: 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE', message: string, index: number | null, name: string): AppError {
  const errors: FieldError[] | undefined = index === null ? undefined : [{ path: `files.${index}`, message: `${name}: ${message}` }];
  return new AppError(code, message, errors ? { errors } : {});
}

/** Type by magic bytes, then that type's size limit and an image's pixel limit; nothing is stored before every file passed. */
async function check(file: File, index: number | null): Promise<Checked> {
  const head = new Uint8Array(await file.slice(0, 64).arrayBuffer());
  const type = sniffType(head);
  const rule = type ? UPLOAD_TYPES[type.mime] : undefined;
  if (!type || !rule) throw fail('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.wrongType, index, file.name);
  if (file.size > rule.maxBytes) throw fail('PAYLOAD_TOO_LARGE', rule.tooLarge, index, file.name);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const size = type.mime.startsWith('image/') ? checkImageDimensions(bytes) : null;
  return { bytes, type, size, originalName: cleanFileName(file.name, type.ext, 'upload') };
}

/** The options beside the file(s), the first value of a repeated one; only a multipart body carries files. */
function optionsOf(body: RequestBody): UploadOptions {
  if (!body.multipart) throw badRequest(UPLOAD_MESSAGES.notMultipart);
  return parseInput(
    UploadOptionsSchema,
    Object.fromEntries(['folder', 'quality', 'format', 'transformation'].map((k) => [k, firstValue(body.fields[k]) ?? null])),
  );
}

function metadataOf(ctx: ServiceCtx, c: Checked, o: UploadOptions): Record<string, string> {
  const meta: Record<string, string> = { filename: c.originalName, uploadedBy: signedIn(ctx).id };
  if (c.size) Object.assign(meta, { width: String(c.size.width), height: String(c.size.height) });
  if (o.quality) meta.quality = o.quality;
  if (o.format) meta.format = o.format;
  if (o.transformation) meta.transformation = o.transformation;
  return meta;
}

/** Puts every file; if any put fails, the ones already stored are deleted before the error goes on. */
async function store(ctx: ServiceCtx, files: Checked[], options: UploadOptions) {
  const keys = files.map((f) => objectKey(options.folder, f.type.ext));
  await putObjects(
    ctx.storage,
    files.map((f, i) => ({ key: keys[i]!, bytes: f.bytes, contentType: f.type.mime, metadata: metadataOf(ctx, f, options) })),
  );
  return files.map((f, i) => ({
    key: keys[i]!,
    url: fileUrl(keys[i]!)!,
    contentType: f.type.mime,
    size: f.bytes.byteLength,
    width: f.size?.width ?? null,
    height: f.size?.height ?? null,
    originalName: f.originalName,
    folder: options.folder,
    options: { quality: options.quality ?? null, format: options.format ?? null, transformation: options.transformation ?? null },
  }));
}

/** POST /api/upload/single: field `file`. */
export async function uploadSingle(ctx: ServiceCtx, body: RequestBody) {
  const options = optionsOf(body);
  const [file] = filesOf(body, ['file']);
  if (!file) throw badRequest(UPLOAD_MESSAGES.noFile);
  const [stored] = await store(ctx, [await check(file, null)], options);
  return stored!;
}

/** POST /api/upload/multiple: field `files`, repeated; all or nothing. */
export async function uploadMultiple(ctx: ServiceCtx, body: RequestBody) {
  const options = optionsOf(body);
  const files = filesOf(body, ['files']);
  if (!files.length) throw badRequest(UPLOAD_MESSAGES.noFiles);
  if (files.length > UPLOAD_LIMITS.files) throw badRequest(UPLOAD_MESSAGES.tooManyFiles);
  const checked: Checked[] = [];
  for (const [i, file] of files.entries()) checked.push(await check(file, i));
  return store(ctx, checked, options);
}
