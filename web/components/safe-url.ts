/**
 * A URL from user data that may become a link or an image source: absolute http(s), or a path on this
 * site (our file server, seeded images). Anything else (javascript:, data:, protocol-relative, junk) gives null.
 */
export function safeHref(value: string | null | undefined): string | null {
  const v = (value ?? '').trim();
  if (!v) return null;
  if (/^\/(?![/\\])/.test(v)) return /[\s\\]/.test(v) ? null : v;
  if (!/^https?:\/\//i.test(v)) return null;
  try {
    const url = new URL(v);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A site path or http(s) URL made absolute against the site's origin (Open Graph needs absolute URLs). */
export function absoluteUrl(value: string | null | undefined, origin: string): string | undefined {
  const safe = safeHref(value);
  return safe ? new URL(safe, origin).href : undefined;
}
