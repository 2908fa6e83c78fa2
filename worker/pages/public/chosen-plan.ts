import type { ChosenPlan } from '#web/pages/public/memberships-page.tsx';
import type { MembershipDto } from '#web/pages/public/view-types.ts';

/** `?plan=<id>` among the memberships on sale (an unknown or inactive plan chooses nothing). */
export function chosenPlan(memberships: readonly MembershipDto[], planId: string | undefined, open: boolean): ChosenPlan | null {
  if (!planId) return null;
  for (const membership of memberships) {
    const plan = membership.plans.find((p) => p._id === planId && p.isActive);
    if (plan) return { membership, plan, open };
  }
  return null;
}
