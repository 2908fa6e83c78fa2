import type { EnquiryRow } from '#db/schema/index.ts';
import { withId } from '#worker/lib/serialize.ts';

/** The admin's view: everything stored. */
export const serializeEnquiry = (row: EnquiryRow) => withId(row);
export type EnquiryView = ReturnType<typeof serializeEnquiry>;

/** What the sender gets back: their own words and the status, never notes or the spam flag. */
export const serializeSubmitted = (row: EnquiryRow) => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  subject: row.subject,
  message: row.message,
  status: row.status,
  createdAt: row.createdAt,
});
