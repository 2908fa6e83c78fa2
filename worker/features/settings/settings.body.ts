import { parseInput } from '#worker/lib/validate.ts';
import type { ZodType, z } from 'zod';
import { formFieldsToObject, SETTINGS_MESSAGES, UpdateSettingsSchema, type UpdateSettingsInput } from '#core/settings/settings-schemas.ts';
import { badRequest, type FieldError } from '#worker/lib/errors.ts';
import { fileFromForm, parseMultipart, readLimitedBody } from '#worker/lib/uploads.ts';

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_TOO_LARGE = 'Logo size must not exceed 2MB';
/** Room for the text fields (two legal texts of up to 50,000 characters) beside the logo. */
const FIELDS_MAX_BYTES = 512 * 1024;

/** PUT /api/settings body: JSON, or multipart with the same fields (`contact[email]`…) and an optional `logo`. */
export async function readSettingsBody(request: Request): Promise<{ input: UpdateSettingsInput; logo: File | null }> {
  const type = request.headers.get('content-type')?.toLowerCase() ?? '';
  if (type.startsWith('multipart/form-data')) {
    const bytes = await readLimitedBody(request, LOGO_MAX_BYTES + FIELDS_MAX_BYTES, LOGO_TOO_LARGE);
    const form = await parseMultipart(bytes, request.headers.get('content-type') ?? undefined);
    if (!form) throw badRequest(SETTINGS_MESSAGES.bodyObject);
    const logo = fileFromForm(form, ['logo']);
    // A form with no file chosen still sends an empty `logo` part.
    return { input: parseInput(UpdateSettingsSchema, formFieldsToObject(form.entries())), logo: logo && logo.size > 0 ? logo : null };
  }
  if (!type.startsWith('application/json')) throw badRequest(SETTINGS_MESSAGES.bodyObject);
  const bytes = await readLimitedBody(request, FIELDS_MAX_BYTES, 'Settings must not exceed 512KB');
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw badRequest('Invalid JSON in request body');
  }
  return { input: parseInput(UpdateSettingsSchema, json), logo: null };
}
