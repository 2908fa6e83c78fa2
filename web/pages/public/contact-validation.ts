import { ENQUIRY_HONEYPOT_FIELD, ENQUIRY_LIMITS } from '#core/enquiries/enquiry-options.ts';
import { CreateEnquirySchema } from '#core/enquiries/enquiry-schemas.ts';
import { CONTACT_FIELDS, type ContactErrors, type ContactField } from './contact-form-model.ts';

/** The first message per field, in the form's order: the same zod schema POST /api/enquiries runs. */
export function validateEnquiry(values: Record<string, string>): ContactErrors {
  const result = CreateEnquirySchema.safeParse(values);
  const errors: ContactErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField;
    if (CONTACT_FIELDS.includes(field)) errors[field] ??= issue.message;
  }
  return errors;
}

export const CONTACT_LIMITS: Record<ContactField, number> = {
  name: ENQUIRY_LIMITS.name,
  email: ENQUIRY_LIMITS.email,
  phone: ENQUIRY_LIMITS.phone,
  subject: ENQUIRY_LIMITS.subject,
  message: ENQUIRY_LIMITS.message,
};
export const HONEYPOT_FIELD = ENQUIRY_HONEYPOT_FIELD;
