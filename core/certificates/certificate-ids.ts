/**
 * A certificate's two names (issue 25 §6): the random id in its verify address (unguessable: anyone
 * holding the link may see the page) and the human number printed on it, which is never a lookup key.
 */
const ID_BYTES = 18;
const ID_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;
const NUMBER_PATTERN = /^DOJO-(\d{4})-(\d{6,})$/;

/** 18 random bytes in base64url: 24 characters. */
export function newCertificateId(): string {
  const raw = crypto.getRandomValues(new Uint8Array(ID_BYTES));
  return btoa(String.fromCharCode(...raw))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export const isCertificateId = (value: string): boolean => ID_PATTERN.test(value);

/** `DOJO-2026-000123`: the year it was issued and its place in that year. */
export function certificateNumber(year: number, seq: number): string {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError('year must have 4 digits');
  if (!Number.isInteger(seq) || seq < 1) throw new RangeError('seq must be a positive integer');
  return `DOJO-${year}-${String(seq).padStart(6, '0')}`;
}

/** The year and sequence of a human number, or null. */
export function parseCertificateNumber(value: string): { year: number; seq: number } | null {
  const m = NUMBER_PATTERN.exec(value);
  return m ? { year: Number(m[1]), seq: Number(m[2]) } : null;
}
