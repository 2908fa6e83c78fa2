import { z } from 'zod';
import { blankTo, tooLong } from '#core/fields.ts';

/** A URL whose protocol is http(s) and which names a host (what `new URL` makes of it). */
export function parsesAsHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** http(s) only, written out with `//`: `javascript:`, `data:` and friends are never stored, so never rendered. */
export const isHttpUrl = (value: string) => /^https?:\/\//i.test(value) && parsesAsHttpUrl(value);

/** A link a page may render: an absolute http(s) URL or a site path like `/images/x.svg` (never `//host`). */
export const isSafeLink = (value: string) => isHttpUrl(value) || /^\/(?!\/)[^\s\\]*$/.test(value);

type LinkOptions = { max?: number; message?: string; accept?: (value: string) => boolean };

/** A required link; `message` replaces every label-derived message. */
export const httpUrl = (label: string, { max = 2000, message, accept = isHttpUrl }: LinkOptions = {}) =>
  z
    .string({ error: message ?? `${label} must be text` })
    .trim()
    .min(1, message ?? `${label} is required`)
    .max(max, message ?? tooLong(label, max))
    .refine(accept, message ?? `${label} must be a valid http:// or https:// link`);

/** An optional link; blank or null clears it. */
export const optionalHttpUrl = (label: string, options: LinkOptions = {}) =>
  z.preprocess(blankTo(null), httpUrl(label, options).nullable().optional());
