/** The enquiry workflow's states and the contact form's limits, without zod, for the islands and the schemas alike. */
export const ENQUIRY_STATUSES = ['New', 'Contacted', 'Resolved'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

/** A hidden field of the contact form: people leave it empty, form-filling bots do not. */
export const ENQUIRY_HONEYPOT_FIELD = 'website';

export const ENQUIRY_LIMITS = { name: 100, email: 254, phone: 30, subject: 200, message: 5000, adminNotes: 5000 } as const;
