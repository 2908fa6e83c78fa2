import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { isNoLoginEmail } from '#core/family/family-options.ts';
import { offsetOf, pagination } from '#core/paging.ts';
import type { ListSignaturesInput } from '#core/waivers/waiver-schemas.ts';
import { users, waiverReminders, waiverSignatures } from '#db/schema/index.ts';
import { decisionMail } from '#worker/lib/enrolment/notice.ts';
import { conflict, notFound } from '#worker/lib/errors.ts';
import { guardianIdsOf } from '#worker/lib/family/guardian.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { WAIVER_MESSAGES } from '#core/waivers/waiver-options.ts';
import { visibleDocument } from './waivers.documents.ts';
import { missingRows, missingWhere, signatureRows, signatureSearch, versionOf } from './waivers.queries.ts';
import { personName, serializeSignature } from './waivers.serialize.ts';

const DAY_MS = 86_400_000;
export const VERSION_NOT_FOUND = 'Waiver version not found';

async function versionFor(ctx: ServiceCtx, documentId: string, version: number | undefined) {
  const doc = await visibleDocument(ctx, documentId);
  const number = version ?? doc.currentVersion;
  if (!number) throw conflict(WAIVER_MESSAGES.notPublished);
  const row = await versionOf(ctx.db, doc.id, number);
  if (!row) throw notFound(VERSION_NOT_FOUND);
  return { doc, version: row };
}

/** GET /api/waivers/:id/signatures: signatures of a version (default current), or the people still missing it. */
export async function listSignatures(ctx: ServiceCtx, documentId: string, q: ListSignaturesInput) {
  const { doc, version } = await versionFor(ctx, documentId, q.version);
  const offset = offsetOf(q.page, q.limit);
  if (q.status === 'missing') {
    const [rows, [total]] = await Promise.all([
      missingRows(ctx.db, doc.id, version.id, q.search, q.limit, offset),
      ctx.db.select({ n: count() }).from(users).where(missingWhere(version.id, q.search)),
    ]);
    return {
      rows: rows.map((r) => ({
        userId: r.id,
        name: personName(r.profile, r.email),
        email: isNoLoginEmail(r.email) ? null : r.email,
        studentId: r.studentId,
        lastSignedVersion: r.lastSignedVersion ?? null,
        remindedAt: r.remindedAt ? r.remindedAt.toISOString() : null,
      })),
      pagination: pagination(q.page, q.limit, total?.n ?? 0),
      version: version.version,
    };
  }
  const where = and(eq(waiverSignatures.versionId, version.id), signatureSearch(q.search));
  const [rows, total] = await Promise.all([signatureRows(ctx.db, where).limit(q.limit).offset(offset), signatureRows(ctx.db, where)]);
  return {
    rows: rows.map((r) => serializeSignature(r, true)),
    pagination: pagination(q.page, q.limit, total.length),
    version: version.version,
  };
}

/** Where a reminder for `userId` goes: their own address, or their guardians' for a child without a login. */
async function recipientsOf(ctx: ServiceCtx, person: { id: string; email: string; canSignIn: boolean }) {
  if (person.canSignIn && !isNoLoginEmail(person.email)) return [{ id: person.id, email: person.email }];
  const guardians = await guardianIdsOf(ctx.db, person.id);
  if (!guardians.length) return [];
  return ctx.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, guardians));
}

/**
 * POST /api/waivers/:id/reminders: to the given people (default everyone missing) who still miss the
 * current version. ONE conditional upsert claims each person's reminder for this version at most once per
 * 24 h (a second click, or two admins at once, send nothing new); the claimed ones are e-mailed after the response.
 */
export async function sendReminders(ctx: ServiceCtx, documentId: string, userIds: string[] | undefined) {
  const admin = signedIn(ctx);
  const { doc, version } = await versionFor(ctx, documentId, undefined);
  const wanted = userIds ? [...new Set(userIds)] : null;
  const missing = await ctx.db
    .select({ id: users.id, email: users.email, canSignIn: users.canSignIn, profile: users.profile })
    .from(users)
    .where(and(missingWhere(version.id), wanted ? inArray(users.id, wanted) : undefined));
  const asked = wanted?.length ?? missing.length;
  if (!missing.length) return { sent: 0, skipped: asked };
  const now = Date.now();
  const claimed = await ctx.db
    .insert(waiverReminders)
    .values(missing.map((m) => ({ versionId: version.id, userId: m.id, sentAt: new Date(now), sentBy: admin.id })))
    .onConflictDoUpdate({
      target: [waiverReminders.versionId, waiverReminders.userId],
      set: { sentAt: sql`excluded.sent_at`, sentBy: sql`excluded.sent_by` },
      setWhere: sql`${waiverReminders.sentAt} <= ${now - DAY_MS}`,
    })
    .returning({ userId: waiverReminders.userId });
  const sent = missing.filter((m) => claimed.some((c) => c.userId === m.id));
  const link = `${ctx.origin}/student/waiver?document=${encodeURIComponent(doc.id)}`;
  ctx.defer('waiver reminders', async () => {
    for (const person of sent) {
      const name = personName(person.profile, person.email);
      for (const to of await recipientsOf(ctx, person)) {
        const forChild = to.id !== person.id;
        await ctx.mailer.send(
          decisionMail({
            to: to.email,
            userId: to.id,
            name: forChild ? 'there' : name,
            subject: `Please sign: ${doc.title}`,
            kind: 'waiver-reminder',
            body: forChild
              ? `${name} needs a signed "${doc.title}" (version ${version.version}) before their next class. As their guardian, you can sign it for them.`
              : `Please sign "${doc.title}" (version ${version.version}) before your next class.`,
            link: forChild ? `${link}&for=${encodeURIComponent(person.id)}` : link,
            label: 'Sign the waiver',
            linkText: 'Read and sign the waiver',
          }),
        );
      }
    }
  });
  return { sent: sent.length, skipped: asked - sent.length };
}
