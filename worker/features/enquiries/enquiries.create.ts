import { newId } from '#core/ids.ts';
import { ENQUIRY_MESSAGES, isHoneypotFilled, type CreateEnquiryInput } from '#core/enquiries/enquiry-schemas.ts';
import { ADMIN_CAPABLE } from '#core/roles.ts';
import { enquiries, type EnquiryRow } from '#db/schema/index.ts';
import { notify } from '#worker/lib/notify.ts';
import { enforceRateLimits } from '#worker/lib/rate-limit.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { notifyAdminsOfEnquiry } from './enquiries.notify.ts';

/**
 * POST /api/enquiries. A filled honeypot is answered like any success and stored flagged as spam
 * (hidden from the lists, no notification) rather than dropped, so a person whose browser filled
 * the hidden field by mistake is never lost: admins can still find it with `?spam=true`.
 */
export async function createEnquiry(ctx: ServiceCtx, input: CreateEnquiryInput) {
  await enforceRateLimits(
    ctx.db,
    [{ key: `enquiry:ip:${ctx.ip}`, limit: ctx.config.rateLimits.RATE_LIMIT_ENQUIRY_IP }],
    ENQUIRY_MESSAGES.rateLimited,
  );
  const isSpam = isHoneypotFilled(input);
  const row = await ctx.db
    .insert(enquiries)
    .values({
      id: newId(),
      name: input.name,
      email: input.email,
      phone: input.phone,
      subject: input.subject,
      message: input.message,
      isSpam,
    })
    .returning()
    .get();
  if (!isSpam) {
    ctx.defer('enquiry notification', () => notifyAdminsOfEnquiry(ctx, row));
    ctx.defer('enquiry in-app notification', () => notify(ctx, { roles: ADMIN_CAPABLE }, enquiryNotice(row)));
  }
  return row;
}

/** What admins see in the bell; the sender's words stay in the enquiry itself. */
const enquiryNotice = (row: EnquiryRow) => ({
  title: 'New enquiry',
  body: `${row.name}: ${row.subject}`,
  type: 'info' as const,
  eventType: 'enquiry_created',
  entityType: 'enquiry',
  entityId: row.id,
  data: { enquiryId: row.id },
  actions: [{ action: 'view', title: 'View enquiry', url: '/admin/enquiries' }],
});
