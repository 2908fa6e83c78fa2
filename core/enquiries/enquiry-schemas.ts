import { z } from 'zod';
import { ENQUIRY_HONEYPOT_FIELD, ENQUIRY_LIMITS, ENQUIRY_STATUSES } from './enquiry-options.ts';
import { EMAIL_PATTERN } from '#core/auth/fields.ts';
import { requiredText, text } from '#core/fields.ts';

export const ENQUIRY_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Valid email address is required',
  phoneRequired: 'Phone number is required',
  subjectRequired: 'Subject is required',
  messageRequired: 'Message is required',
  bodyObject: 'Please send the enquiry as a JSON object',
  invalidStatus: `Status must be one of: ${ENQUIRY_STATUSES.join(', ')}`,
  idsRequired: 'Enquiry IDs array is required',
  notFound: 'Enquiry not found',
  created: 'Thank you for your enquiry. We will get back to you soon.',
  rateLimited: 'Too many enquiries from your network. Please wait a few minutes and try again.',
} as const;

/** POST /api/enquiries, also run by the contact-form island before sending (spec 5). */
export const CreateEnquirySchema = z.object(
  {
    name: requiredText('Name', ENQUIRY_LIMITS.name, { required: ENQUIRY_MESSAGES.nameRequired }),
    email: z
      .string({ error: ENQUIRY_MESSAGES.emailRequired })
      .trim()
      .toLowerCase()
      .min(1, ENQUIRY_MESSAGES.emailRequired)
      .max(ENQUIRY_LIMITS.email, ENQUIRY_MESSAGES.emailInvalid)
      .regex(EMAIL_PATTERN, ENQUIRY_MESSAGES.emailInvalid),
    phone: requiredText('Phone number', ENQUIRY_LIMITS.phone, { required: ENQUIRY_MESSAGES.phoneRequired }),
    subject: requiredText('Subject', ENQUIRY_LIMITS.subject, { required: ENQUIRY_MESSAGES.subjectRequired }),
    message: requiredText('Message', ENQUIRY_LIMITS.message, { required: ENQUIRY_MESSAGES.messageRequired }),
    [ENQUIRY_HONEYPOT_FIELD]: z.unknown().optional(),
  },
  { error: ENQUIRY_MESSAGES.bodyObject },
);
export type CreateEnquiryInput = z.output<typeof CreateEnquirySchema>;

/** True when the honeypot carries anything at all. */
export const isHoneypotFilled = (input: Record<string, unknown>) => {
  const v = input[ENQUIRY_HONEYPOT_FIELD];
  return v !== undefined && v !== null && v !== '' && !(typeof v === 'string' && v.trim() === '');
};

const StatusField = z.enum(ENQUIRY_STATUSES, { error: ENQUIRY_MESSAGES.invalidStatus });
const AdminNotesField = text('Admin notes', ENQUIRY_LIMITS.adminNotes);

/** PUT /api/enquiries/:id: the admin's free edit (the only way to reopen a resolved enquiry). */
export const UpdateEnquirySchema = z
  .object({ status: StatusField.optional(), adminNotes: AdminNotesField.nullable().optional() }, { error: 'Please send a JSON object' })
  .refine((v) => v.status !== undefined || v.adminNotes !== undefined, { error: 'Nothing to update: send status and/or adminNotes' });
export type UpdateEnquiryInput = z.output<typeof UpdateEnquirySchema>;

/** PATCH /api/enquiries/:id/contacted and /resolved: an optional note, nothing else. */
export const MarkEnquirySchema = z.object({ adminNotes: AdminNotesField.optional() }, { error: 'Please send a JSON object' });
export type MarkEnquiryInput = z.output<typeof MarkEnquirySchema>;

export const BulkDeleteEnquiriesSchema = z.object(
  {
    enquiryIds: z
      .array(
        z.string({ error: ENQUIRY_MESSAGES.idsRequired }).trim().min(1, ENQUIRY_MESSAGES.idsRequired).max(64, ENQUIRY_MESSAGES.idsRequired),
        {
          error: ENQUIRY_MESSAGES.idsRequired,
        },
      )
      .min(1, ENQUIRY_MESSAGES.idsRequired)
      .max(500, 'At most 500 enquiries can be deleted at once'),
  },
  { error: ENQUIRY_MESSAGES.idsRequired },
);
