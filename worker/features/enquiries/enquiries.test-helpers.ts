/** Shared by the enquiries tests (not a test file itself). */
import { newId } from '#core/ids.ts';
import type { Role } from '#core/roles.ts';
import { enquiries, type NewEnquiryRow } from '#db/schema/index.ts';
import { api, freshIp, testDb, uniq } from '#test/helpers.ts';

export const ADMIN_ROLES = ['grandmaster', 'admin', 'super-admin'] as const satisfies readonly Role[];
export const NON_ADMIN_ROLES = ['student', 'member', 'instructor'] as const satisfies readonly Role[];

/** A unique lower-case word; put it in enquiries so search-based tests only see their own rows. */
export const tagged = () => `tag${uniq()}`.toLowerCase();

export const validEnquiry = (tag = tagged()) => ({
  name: `  Hana ${tag}  `,
  email: `  Hana.${tag}@Example.TEST `,
  phone: ' +1 604 555 0188 ',
  subject: ` Kids classes ${tag} `,
  message: ` Do you have a beginners class for a 9 year old? ${tag} `,
});

/** Sends an enquiry from its own fresh IP (the per-IP limit is 5 per 10 minutes). */
export const submit = (body: unknown, ip = freshIp()) =>
  api('/api/enquiries', { method: 'POST', body, headers: { 'cf-connecting-ip': ip } });

/** Inserts an enquiry directly, for the admin-side tests. */
export async function insertEnquiry(overrides: Partial<NewEnquiryRow> = {}) {
  const tag = tagged();
  const row: NewEnquiryRow = {
    id: newId(),
    name: `Visitor ${tag}`,
    email: `${tag}@example.test`,
    phone: '555-0100',
    subject: `Question ${tag}`,
    message: `Hello ${tag}`,
    ...overrides,
  };
  return testDb().insert(enquiries).values(row).returning().get();
}
