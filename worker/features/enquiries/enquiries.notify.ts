import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { ADMIN_CAPABLE } from '#core/roles.ts';
import { SETTINGS_ID, siteSettings, users, type EnquiryRow } from '#db/schema/index.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';

/** Without a school contact e-mail, at most this many admin-capable accounts are told. */
export const MAX_ADMIN_RECIPIENTS = 20;

/** The school's contact e-mail from settings when set; otherwise every active admin-capable account. */
export function chooseRecipients(contactEmail: string | null | undefined, adminEmails: readonly string[]): string[] {
  if (contactEmail?.trim()) return [contactEmail.trim()];
  return [...new Set(adminEmails)].slice(0, MAX_ADMIN_RECIPIENTS);
}

async function recipients(ctx: Pick<ServiceCtx, 'db'>): Promise<string[]> {
  const [settingsRows, admins] = await ctx.db.batch([
    ctx.db.select({ email: siteSettings.contactEmail }).from(siteSettings).where(eq(siteSettings.id, SETTINGS_ID)),
    ctx.db
      .select({ email: users.email })
      .from(users)
      .where(and(inArray(users.role, [...ADMIN_CAPABLE]), eq(users.isActive, true), isNull(users.deactivatedAt)))
      .orderBy(asc(users.createdAt))
      .limit(MAX_ADMIN_RECIPIENTS),
  ]);
  return chooseRecipients(
    settingsRows[0]?.email,
    admins.map((a) => a.email),
  );
}

const oneLine = (s: string, max: number) => s.replace(/[\r\n\t]+/g, ' ').slice(0, max);

export function enquiryMail(enquiry: EnquiryRow, origin: string) {
  return {
    subject: `New enquiry: ${oneLine(enquiry.subject, 150)}`,
    text: [
      'A new enquiry arrived through the website.',
      '',
      `Name: ${oneLine(enquiry.name, 200)}`,
      `Email: ${enquiry.email}`,
      `Phone: ${oneLine(enquiry.phone, 60)}`,
      `Subject: ${oneLine(enquiry.subject, 300)}`,
      '',
      'Message:',
      enquiry.message,
      '',
      `Reply to the sender at ${enquiry.email}, then mark the enquiry as contacted in the admin panel: ${origin}/admin/enquiries`,
    ].join('\n'),
    kind: 'enquiry',
  };
}

/**
 * Tells the school about a new enquiry. The enquiry is already saved: a failure here is logged and
 * swallowed, never turned into a failed submission. A realtime notification will be added here.
 */
export async function notifyAdminsOfEnquiry(ctx: Pick<ServiceCtx, 'db' | 'mailer' | 'origin' | 'log'>, enquiry: EnquiryRow): Promise<void> {
  try {
    const to = await recipients(ctx);
    const mail = enquiryMail(enquiry, ctx.origin);
    const results = await Promise.allSettled(to.map((address) => ctx.mailer.send({ to: address, ...mail })));
    const failed = results.filter((r) => r.status === 'rejected');
    if (!to.length || failed.length)
      logFailure(ctx, enquiry.id, to.length ? String((failed[0] as PromiseRejectedResult).reason) : 'no recipient');
  } catch (err) {
    logFailure(ctx, enquiry.id, String((err as Error)?.message ?? err));
  }
}

const logFailure = (ctx: Pick<ServiceCtx, 'log'>, enquiryId: string, error: string) =>
  ctx.log.error('enquiry notification failed', { enquiryId, error });
