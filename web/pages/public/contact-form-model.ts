/** The contact form's fields and shared words; no zod here, so the island stays small until it validates. */
export const CONTACT_FIELDS = ['name', 'email', 'phone', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactErrors = Partial<Record<ContactField, string>>;
export type ContactValues = Partial<Record<ContactField, string>>;

export const CHECK_FIELDS = 'Please check the highlighted fields.';

export type ContactFormProps = {
  /** What the visitor sent last time (a no-JavaScript post that failed), or a prefilled subject. */
  values?: ContactValues;
  errors?: ContactErrors;
  /** A message for the whole form (rate limited, server unavailable…). */
  alert?: string;
  /** Shown after a successful submission. */
  success?: string;
  /** Maximum lengths and the honeypot's name, from core/enquiries (passed in so the island does not load zod to render). */
  limits: Record<ContactField, number>;
  honeypot: string;
};
