import { and, asc, eq, notInArray, sql, type SQL } from 'drizzle-orm';
import type { PlanInput } from '#core/catalog/membership-schemas.ts';
import { newId } from '#core/ids.ts';
import type { Db } from '#db/client.ts';
import { membershipPlans, type NewMembershipPlanRow } from '#db/schema/index.ts';
import { defaultTaxRatePercentSql } from '#worker/lib/shop-terms.ts';

/** A plan row to write; its rate may be the school's default, read by the statement itself. */
export type PlanRowToWrite = Omit<NewMembershipPlanRow, 'gstRate'> & { gstRate: number | SQL<number> };

/** Plan rows in the order given; a planId the membership already has keeps that row (once), any other gets a new id. */
export function planRows(membershipId: string, plans: readonly PlanInput[], knownIds: ReadonlySet<string>, now: Date): PlanRowToWrite[] {
  const used = new Set<string>();
  const idFor = (planId: string | undefined) => {
    const id = planId && knownIds.has(planId) && !used.has(planId) ? planId : newId();
    used.add(id);
    return id;
  };
  return plans.map((p, position) => ({
    id: idFor(p.planId),
    membershipId,
    name: p.name,
    durationMonths: p.durationMonths,
    priceCents: p.price,
    discountPriceCents: p.discountPrice ?? null,
    // A plan sent without a rate takes the school's default (Settings → Shop).
    gstRate: p.gstRate ?? defaultTaxRatePercentSql,
    isActive: p.isActive ?? true,
    position,
    updatedAt: now,
  }));
}

const fromExcluded = (column: string) => sql.raw(`excluded.${column}`);

/**
 * The statements that make `rows` the membership's whole set of plans: drop the others, then insert
 * or update every row in one statement. Meant to run inside the caller's batch (one transaction).
 */
export function replacePlansStatements(db: Db, membershipId: string, rows: readonly PlanRowToWrite[]) {
  const keep = rows.map((r) => r.id);
  const drop = db
    .delete(membershipPlans)
    .where(and(eq(membershipPlans.membershipId, membershipId), keep.length ? notInArray(membershipPlans.id, keep) : undefined));
  if (!rows.length) return [drop] as const;
  const upsert = db
    .insert(membershipPlans)
    .values([...rows])
    .onConflictDoUpdate({
      target: membershipPlans.id,
      set: {
        name: fromExcluded('name'),
        durationMonths: fromExcluded('duration_months'),
        priceCents: fromExcluded('price_cents'),
        discountPriceCents: fromExcluded('discount_price_cents'),
        gstRate: fromExcluded('gst_rate'),
        isActive: fromExcluded('is_active'),
        position: fromExcluded('position'),
        updatedAt: fromExcluded('updated_at'),
      },
      setWhere: sql`${membershipPlans.membershipId} = excluded.membership_id`,
    });
  return [drop, upsert] as const;
}

export const plansOf = (db: Db, membershipId: string) =>
  db
    .select()
    .from(membershipPlans)
    .where(eq(membershipPlans.membershipId, membershipId))
    .orderBy(asc(membershipPlans.position), asc(membershipPlans.id));
