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
