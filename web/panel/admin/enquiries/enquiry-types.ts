import type { EnquiryStatus } from '#core/enquiries/enquiry-options.ts';

/** An enquiry as the admin API serialises it. */
export type Enquiry = {
  _id: string;
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  status: EnquiryStatus;
  adminNotes: string;
  contactedAt: string | null;
  resolvedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** GET /enquiries/stats. */
export type EnquiryStats = { total: number; byStatus: Record<EnquiryStatus, number>; unresolved: number; today: number; thisWeek: number };

export type InboxQuery = { status: EnquiryStatus | 'all'; search: string; page: number };

export const STATUS_BADGE: Record<EnquiryStatus, string> = { New: 'badge-new', Contacted: 'badge-contacted', Resolved: 'badge-active' };
