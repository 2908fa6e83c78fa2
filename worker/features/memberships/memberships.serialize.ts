import type { MembershipDto, MembershipPlanDto } from '#core/catalog/types.ts';
import { effectiveCourseCents, fromCents } from '#core/money.ts';
import type { MembershipPlanRow, MembershipRow } from '#db/schema/index.ts';
import { priceFields } from '#worker/lib/catalog/money.ts';
import { fileUrl } from '#worker/lib/public-files.ts';

export function serializePlan(row: MembershipPlanRow): MembershipPlanDto {
  return {
    _id: row.id,
    planId: row.id,
    name: row.name,
    durationMonths: row.durationMonths,
    ...priceFields(row),
    gstRate: row.gstRate,
    isActive: row.isActive,
  };
}

/** A membership with the plans given (already filtered for the caller and in order). */
export function serializeMembership(row: MembershipRow, plans: readonly MembershipPlanRow[]): MembershipDto {
  const prices = plans.filter((p) => p.isActive).map((p) => effectiveCourseCents(p));
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    benefits: row.benefits,
    isActive: row.isActive,
    featured: row.featured,
    image: fileUrl(row.image),
    sortOrder: row.sortOrder,
    plans: plans.map(serializePlan),
    startingPrice: prices.length ? fromCents(Math.min(...prices)) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Groups plan rows by membership, keeping their order. */
export function plansByMembership(plans: readonly MembershipPlanRow[]): Map<string, MembershipPlanRow[]> {
  const out = new Map<string, MembershipPlanRow[]>();
  for (const plan of plans) {
    const list = out.get(plan.membershipId);
    if (list) list.push(plan);
    else out.set(plan.membershipId, [plan]);
  }
  return out;
}
