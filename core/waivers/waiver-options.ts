/** How a waiver was signed: a drawn signature (SVG or PNG) or, for accessibility, the typed name alone. */
export const WAIVER_SIGNATURE_KINDS = ['svg', 'png', 'typed'] as const;
export type WaiverSignatureKind = (typeof WAIVER_SIGNATURE_KINDS)[number];

/** Limits a signing request is checked against (issue 26 §2: oversized or non-image signatures are refused). */
export const WAIVER_LIMITS = {
  titleMax: 120,
  bodyMax: 50_000,
  typedNameMax: 120,
  /** The decoded signature image. */
  signatureMaxBytes: 100_000,
} as const;

export const WAIVER_MESSAGES = {
  required: 'A signed waiver is required',
  mustAgree: 'You must agree to the waiver to sign it',
  typedNameRequired: 'Type your full name to sign',
  signatureTooLarge: `The signature is too large (at most ${WAIVER_LIMITS.signatureMaxBytes / 1000} KB)`,
  signatureNotImage: 'The signature must be an SVG or PNG image',
  textChanged: 'The waiver has changed since you opened it; read the new version and sign again',
  notPublished: 'This waiver has no published version yet',
  alreadySigned: 'This version is already signed',
} as const;
