/** A URL slug from a title: ASCII letters and digits joined by single hyphens, at most 80 characters, never empty. */
export function slugify(title: string, fallback = 'post'): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || fallback;
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Words that are routes of their own (GET /api/courses/admin, /featured), never a slug. */
export const RESERVED_SLUGS = ['admin', 'featured', 'bulk'] as const;

/** The first of `base`, `base-2`, `base-3`… neither taken nor reserved. */
export function nextFreeSlug(base: string, taken: Iterable<string>): string {
  const used = new Set<string>([...taken, ...RESERVED_SLUGS]);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}
