/** Canada's provinces and territories with their postal codes (Canada Post), for address forms and profiles. */
export const CANADIAN_PROVINCES = [
  { code: 'AB', name: 'Alberta' },
  { code: 'BC', name: 'British Columbia' },
  { code: 'MB', name: 'Manitoba' },
  { code: 'NB', name: 'New Brunswick' },
  { code: 'NL', name: 'Newfoundland and Labrador' },
  { code: 'NS', name: 'Nova Scotia' },
  { code: 'NT', name: 'Northwest Territories' },
  { code: 'NU', name: 'Nunavut' },
  { code: 'ON', name: 'Ontario' },
  { code: 'PE', name: 'Prince Edward Island' },
  { code: 'QC', name: 'Quebec' },
  { code: 'SK', name: 'Saskatchewan' },
  { code: 'YT', name: 'Yukon' },
] as const;

export type ProvinceCode = (typeof CANADIAN_PROVINCES)[number]['code'];

/** A stored province (a code, a name in any case, "B.C.") as its code; null when it is none of them. */
export function provinceCode(value: string | null | undefined): ProvinceCode | null {
  const v = (value ?? '').trim().replace(/\./g, '').toLowerCase();
  if (!v) return null;
  const found = CANADIAN_PROVINCES.find((p) => p.code.toLowerCase() === v || p.name.toLowerCase() === v);
  return found?.code ?? null;
}

export const CANADA = 'Canada';

/** "Canada", "canada " or "CA" all mean Canada. */
export const isCanada = (country: string | null | undefined) => /^\s*(canada|ca)\s*$/i.test(country ?? '');

/** Canadian postal codes are "A1A 1A1" (no D, F, I, O, Q, U; no W or Z first); null when the text is not one. */
export function canadianPostalCode(value: string): string | null {
  const compact = value.replace(/[\s-]/g, '').toUpperCase();
  return /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\d[ABCEGHJ-NPRSTV-Z]\d$/.test(compact)
    ? `${compact.slice(0, 3)} ${compact.slice(3)}`
    : null;
}
