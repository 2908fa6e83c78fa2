import { z } from 'zod';

type ListOptions = {
  /** Where text is cut into items; a JSON array text is always read as such. */
  separator?: RegExp;
  /** One message for every failure instead of the label-derived ones. */
  message?: string;
  lowerCase?: boolean;
  unique?: boolean;
  /** A cap on the items sent, blanks and duplicates included. */
  maxSent?: number;
  /** A lone item holding separators (a `name[]` form field) is cut like a text. */
  splitLoneItem?: boolean;
};

/** A JSON array, a JSON-encoded array string, or a text cut at `separator`; null or blank is an empty list. */
const listFromText =
  (separator: RegExp, splitLoneItem: boolean) =>
  (v: unknown): unknown => {
    if (v === null) return [];
    if (typeof v === 'string') {
      const s = v.trim();
      if (s === '') return [];
      if (s.startsWith('[')) {
        try {
          return JSON.parse(s);
        } catch {
          return v;
        }
      }
      return s.split(separator);
    }
    if (splitLoneItem && Array.isArray(v) && v.length === 1 && typeof v[0] === 'string' && (separator.test(v[0]) || v[0].includes('[')))
      return listFromText(separator, splitLoneItem)(v[0]);
    return v;
  };

/** A list of short texts, trimmed, blanks dropped; one item per line unless another separator is given. */
export const textList = (label: string, maxItems: number, maxLength: number, o: ListOptions = {}) => {
  const typeMessage = o.message ?? `${label} must be a list of texts`;
  const trimmed = z.string({ error: typeMessage }).trim();
  const item = (o.lowerCase ? trimmed.toLowerCase() : trimmed).max(
    maxLength,
    o.message ?? `Each item of ${label} must be at most ${maxLength} characters`,
  );
  const list = z.array(item, { error: typeMessage });
  return z
    .preprocess(
      listFromText(o.separator ?? /\r?\n/, o.splitLoneItem ?? false),
      (o.maxSent === undefined ? list : list.max(o.maxSent, typeMessage))
        .transform((items) => {
          const kept = items.filter((s) => s !== '');
          return o.unique ? [...new Set(kept)] : kept;
        })
        .refine((items) => items.length <= maxItems, o.message ?? `${label} can have at most ${maxItems} items`),
    )
    .optional();
};

export const TAGS_MESSAGE = 'Tags must be a list of words (at most 20, each up to 40 characters)';

/** Tags: "a, b; c|d", a JSON array or an array; trimmed, lower-cased, blanks and duplicates dropped. */
export const tagsField = textList('Tags', 20, 40, {
  separator: /[,;|]/,
  message: TAGS_MESSAGE,
  lowerCase: true,
  unique: true,
  maxSent: 40,
  splitLoneItem: true,
});
