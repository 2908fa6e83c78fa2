const names = (() => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  } catch {
    return null;
  }
})();

/** The English name of an ISO 3166-1 alpha-2 code ("CA" → "Canada"), or null for a code that names no country. */
export function countryName(code: string | null | undefined): string | null {
  if (!code || !/^[A-Za-z]{2}$/.test(code)) return null;
  try {
    return names?.of(code.toUpperCase()) ?? null;
  } catch {
    return null;
  }
}
