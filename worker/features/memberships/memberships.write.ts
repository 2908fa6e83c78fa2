import { eq, inArray, sql } from 'drizzle-orm';
import { type CreateMembershipInput, MEMBERSHIP_MESSAGES, type UpdateMembershipInput } from '#core/catalog/membership-schemas.ts';
import { newId } from '#core/ids.ts';
import { membershipPlans, memberships, type MembershipPlanRow, type MembershipRow, type NewMembershipRow } from '#db/schema/index.ts';
import { badRequest, notFound } from '#worker/lib/errors.ts';
import { mapDbErrors } from '#worker/lib/catalog/db.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { type CheckedImage, withStoredImage } from '#worker/lib/catalog/image.ts';
import { removeObjects } from '#worker/lib/stored-files.ts';
import { planRows, plansOf, replacePlansStatements } from './memberships.plans.ts';
import { serializeMembership } from './memberships.serialize.ts';

export const MEMBERSHIP_DB_ERRORS = {
  checks: {
    membership_plans_discount_within_price: MEMBERSHIP_MESSAGES.discountAbovePrice,
    membership_plans_price_nonnegative: 'Plan price must be 0 or more',
    membership_plans_duration_range: 'Plan duration (months) must be between 1 and 120',
    membership_plans_gst_range: 'GST rate must be between 0 and 100',
  },
  unique: { memberships_name_unique: MEMBERSHIP_MESSAGES.nameTaken },
  foreignKey: 'This membership still has enrolments: deactivate it instead of deleting it',
};

function membershipColumns(input: UpdateMembershipInput): Partial<NewMembershipRow> {
  const { plans: _plans, removeImage: _remove, ...rest } = input;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) if (value !== undefined) out[key] = value;
  return out as Partial<NewMembershipRow>;
}

/** POST /api/memberships: the membership and its plans in one batch. */
export async function createMembership(ctx: ServiceCtx, input: CreateMembershipInput, image: CheckedImage | null) {
  return withStoredImage(ctx.storage, 'memberships', image, async (imageKey) => {
    const id = newId();
    const rows = planRows(id, input.plans ?? [], new Set(), new Date());
    const insert = ctx.db
      .insert(memberships)
      .values({ ...membershipColumns(input), id, name: input.name, image: imageKey })
      .returning();
    const result = await mapDbErrors(
      () => ctx.db.batch([insert, ...(rows.length ? [ctx.db.insert(membershipPlans).values(rows)] : []), plansOf(ctx.db, id)] as const),
      MEMBERSHIP_DB_ERRORS,
    );
    const created = result[0] as MembershipRow[];
    const plans = result[result.length - 1] as MembershipPlanRow[];
    return serializeMembership(created[0]!, plans);
  });
}

/**
 * PUT /api/memberships/:id. Given `plans`, they become the whole set, in the same batch as the other
 * changes: if any statement fails, nothing changes (the old plans stay as they were).
 */
export async function updateMembership(ctx: ServiceCtx, id: string, input: UpdateMembershipInput, image: CheckedImage | null) {
  const columns = membershipColumns(input);
  const touchesImage = image !== null || input.removeImage === true;
  if (!Object.keys(columns).length && input.plans === undefined && !touchesImage) throw badRequest(MEMBERSHIP_MESSAGES.nothingToUpdate);
  const [found, current] = await ctx.db.batch([
    ctx.db.select({ id: memberships.id }).from(memberships).where(eq(memberships.id, id)),
    ctx.db.select({ id: membershipPlans.id }).from(membershipPlans).where(eq(membershipPlans.membershipId, id)),
  ]);
  if (!found.length) throw notFound(MEMBERSHIP_MESSAGES.notFound);
  const now = new Date();
  const rows = input.plans ? planRows(id, input.plans, new Set(current.map((p) => p.id)), now) : undefined;

  const { row, plans, previous } = await withStoredImage(ctx.storage, 'memberships', image, async (imageKey) => {
    const set: Partial<NewMembershipRow> = { ...columns, updatedAt: now };
    if (touchesImage) set.image = imageKey;
    const result = await mapDbErrors(
      () =>
        ctx.db.batch([
          ctx.db.select({ image: memberships.image }).from(memberships).where(eq(memberships.id, id)),
          ctx.db.update(memberships).set(set).where(eq(memberships.id, id)).returning(),
          ...(rows ? replacePlansStatements(ctx.db, id, rows) : []),
          plansOf(ctx.db, id),
        ] as const),
      MEMBERSHIP_DB_ERRORS,
    );
    const before = result[0] as { image: string | null }[];
    const updated = result[1] as MembershipRow[];
    if (!updated[0]) throw notFound(MEMBERSHIP_MESSAGES.notFound);
    return { row: updated[0], plans: result[result.length - 1] as MembershipPlanRow[], previous: before[0]?.image ?? null };
  });
  if (touchesImage && previous !== row.image) await removeObjects(ctx.storage, [previous]);
  return serializeMembership(row, plans);
}

/** DELETE /api/memberships/:id: its plans and the row in one batch, then its picture. */
export async function deleteMembership(ctx: ServiceCtx, id: string) {
  const [, deleted] = await mapDbErrors(
    () =>
      ctx.db.batch([
        ctx.db.delete(membershipPlans).where(eq(membershipPlans.membershipId, id)),
        ctx.db.delete(memberships).where(eq(memberships.id, id)).returning({ id: memberships.id, image: memberships.image }),
      ]),
    MEMBERSHIP_DB_ERRORS,
  );
  const row = deleted[0];
  if (!row) throw notFound(MEMBERSHIP_MESSAGES.notFound);
  await removeObjects(ctx.storage, [row.image]);
  return { _id: row.id };
}

/** DELETE /api/memberships {membershipIds}: unknown ids are skipped and not counted. */
export async function bulkDeleteMemberships(ctx: ServiceCtx, ids: string[]) {
  const [, deleted] = await mapDbErrors(
    () =>
      ctx.db.batch([
        ctx.db.delete(membershipPlans).where(inArray(membershipPlans.membershipId, ids)),
        ctx.db.delete(memberships).where(inArray(memberships.id, ids)).returning({ id: memberships.id, image: memberships.image }),
      ]),
    MEMBERSHIP_DB_ERRORS,
  );
  await removeObjects(
    ctx.storage,
    deleted.map((r) => r.image),
  );
  return { deletedCount: deleted.length, deletedIds: deleted.map((r) => r.id) };
}

/** PATCH /api/memberships/:id/toggle-status: flipped in one statement; the plans come along in the same batch. */
export async function toggleMembershipStatus(ctx: ServiceCtx, id: string) {
  const [updated, plans] = await ctx.db.batch([
    ctx.db
      .update(memberships)
      .set({ isActive: sql`case when ${memberships.isActive} then 0 else 1 end`, updatedAt: new Date() })
      .where(eq(memberships.id, id))
      .returning(),
    plansOf(ctx.db, id),
  ]);
  if (!updated[0]) throw notFound(MEMBERSHIP_MESSAGES.notFound);
  return serializeMembership(updated[0], plans);
}
