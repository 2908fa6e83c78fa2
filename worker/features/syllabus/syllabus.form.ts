import { externalLinksFromEntries } from '#core/syllabus/external-links.ts';
import { ExternalLinksInput } from '#core/syllabus/syllabus-input.ts';
import { SYLLABUS_LIMITS, SYLLABUS_MESSAGES } from '#core/syllabus/syllabus-messages.ts';
import type { SyllabusLink } from '#db/schema/index.ts';
import { badRequest } from '#worker/lib/errors.ts';
import { parseInput } from '#worker/lib/validate.ts';
import type { FormBody } from '#worker/features/file-uploads/form-body.ts';

/** `externalLinks[i][title|url|type]` (or a JSON list) → checked links; undefined when the form has none. */
export function linksFromForm(body: FormBody): SyllabusLink[] | undefined {
  const raw = externalLinksFromEntries(body.fields);
  if (raw === undefined) return undefined;
  if (raw.length > SYLLABUS_LIMITS.linksPerItem) throw badRequest(SYLLABUS_MESSAGES.tooManyLinks);
  const links = parseInput(ExternalLinksInput, raw, ['externalLinks']);
  return links.map((l) => ({ title: l.title || l.url, url: l.url, type: l.type }));
}
