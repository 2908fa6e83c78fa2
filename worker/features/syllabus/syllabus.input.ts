import { ExternalLinksInput } from '#core/syllabus/syllabus-input.ts';
import { SYLLABUS_LIMITS, SYLLABUS_MESSAGES } from '#core/syllabus/syllabus-messages.ts';
import type { SyllabusLink } from '#db/schema/index.ts';
import { badRequest } from '#worker/lib/errors.ts';
import { parseInput } from '#worker/lib/validate.ts';

const isIndexed = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).every((k) => /^\d+$/.test(k));

/** A text item: a JSON list or object ("" clears), else the link's url. Left for the schema to refuse in its words. */
function fromText(text: string): unknown[] {
  if (text.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : [parsed];
  } catch {
    return [{ url: text }];
  }
}

/**
 * The links as the spec's client sends them: `externalLinks[i][title|url|type]` fields (ordered by i),
 * one `externalLinks` field holding a JSON list, or a JSON body's list. Undefined when the request says
 * nothing about links, so an update keeps the stored ones.
 */
export function linksFromForm(value: unknown): SyllabusLink[] | undefined {
  if (value === undefined) return undefined;
  const items = Array.isArray(value)
    ? value
    : isIndexed(value)
      ? Object.entries(value)
          .sort(([a], [b]) => Number(a) - Number(b))
          .map(([, v]) => v)
      : [value];
  const raw = items.flatMap((item) => (typeof item === 'string' ? fromText(item) : [item]));
  if (raw.length > SYLLABUS_LIMITS.linksPerItem) throw badRequest(SYLLABUS_MESSAGES.tooManyLinks);
  const links = parseInput(ExternalLinksInput, raw, ['externalLinks']);
  return links.map((l) => ({ title: l.title || l.url, url: l.url, type: l.type }));
}
