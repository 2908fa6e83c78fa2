import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { FAMILY_MESSAGES } from '#core/family/family-options.ts';
import { isOfAge } from '#core/family/majority.ts';
import { isRole } from '#core/roles.ts';
import { profileName } from '#core/users/person-name.ts';
import { familyLinks, users } from '#db/schema/index.ts';
import { conflict } from '#worker/lib/errors.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';
import { clockOf, familyClock, familyClockQuery, ofAgeBornBy } from './family.clock.ts';
import { tellFamily, type Told } from './family.notify.ts';

const person = {
  id: users.id,
  role: users.role,
  email: users.email,
  profile: users.profile,
  canSignIn: users.canSignIn,
  studentId: users.studentId,
};
const told = (rows: readonly { id: string; role: string; email: string; profile: Told['profile'] }[]): Told[] =>
  rows.flatMap((r) => (isRole(r.role) ? [{ id: r.id, role: r.role, email: r.email, profile: r.profile }] : []));

/**
 * POST /api/family/take-over: a child who has come of age (the school's age, on its calendar day) ends every
 * guardian link at once; the guardians are told. The DELETE … RETURNING decides who was linked, so a second
 * call answers `noGuardians` and tells nobody twice.
 */
export async function takeOver(ctx: ServiceCtx) {
  const caller = signedIn(ctx);
  const [clockRows, [me], links] = await batch(ctx.db, [
    familyClockQuery(ctx.db),
    ctx.db.select(person).from(users).where(eq(users.id, caller.id)),
    ctx.db.select({ id: familyLinks.guardianId }).from(familyLinks).where(eq(familyLinks.childId, caller.id)),
  ]);
  if (!links.length || !me) throw conflict(FAMILY_MESSAGES.noGuardians);
  const clock = clockOf(clockRows);
  const birth = typeof me.profile?.dateOfBirth === 'string' ? me.profile.dateOfBirth : null;
  if (!birth || !isOfAge(birth, clock.now, clock.zone, clock.ageOfMajority)) throw conflict(FAMILY_MESSAGES.notOfAge);
  const gone = await ctx.db.delete(familyLinks).where(eq(familyLinks.childId, caller.id)).returning({ id: familyLinks.guardianId });
  if (!gone.length) throw conflict(FAMILY_MESSAGES.noGuardians);
  const guardians = await ctx.db
    .select(person)
    .from(users)
    .where(
      inArray(
        users.id,
        gone.map((g) => g.id),
      ),
    );
  const name = profileName(me.profile, me.email);
  tellFamily(ctx, told(guardians), {
    title: `${name} has taken over their account`,
    body: `${name} has come of age and now manages their own account at the school. You are no longer their guardian here.`,
    eventType: 'family_take_over',
    childId: caller.id,
  });
  return { guardiansRemoved: gone.length };
}

/**
 * The daily step of the scheduled handler (it runs every tick, finding nothing most of the time): children
 * who have come of age in the school's zone and whose guardians were not yet told. One conditional
 * UPDATE … RETURNING marks the links, so a second or concurrent run tells nobody again.
 */
export async function tellOfAge(ctx: ServiceCtx, now: Date) {
  const clock = await familyClock(ctx.db, now.getTime());
  const bornBy = ofAgeBornBy(clock);
  const marked = await ctx.db
    .update(familyLinks)
    .set({ ofAgeNotifiedAt: now })
    .where(
      and(
        isNull(familyLinks.ofAgeNotifiedAt),
        sql`${familyLinks.childId} in (select ${users.id} from ${users}
          where json_extract(${users.profile}, '$.dateOfBirth') <= ${bornBy} and json_extract(${users.profile}, '$.dateOfBirth') >= '1900')`,
      ),
    )
    .returning({ guardianId: familyLinks.guardianId, childId: familyLinks.childId });
  if (!marked.length) return { told: 0 };
  const ids = [...new Set(marked.flatMap((m) => [m.guardianId, m.childId]))];
  const people = new Map((await ctx.db.select(person).from(users).where(inArray(users.id, ids))).map((p) => [p.id, p]));
  const byChild = new Map<string, typeof marked>();
  for (const m of marked) byChild.set(m.childId, [...(byChild.get(m.childId) ?? []), m]);
  for (const [childId, links] of byChild) {
    const child = people.get(childId);
    if (!child) continue;
    const name = profileName(child.profile, child.studentId ?? 'Your child');
    const guardians = links.flatMap((l) => people.get(l.guardianId) ?? []);
    tellFamily(ctx, told(guardians), {
      title: `${name} has come of age`,
      body: `${name} has reached the age of majority. They can now take over their own account; until they do, you still manage it.`,
      eventType: 'family_of_age',
      childId,
    });
    if (child.canSignIn)
      tellFamily(ctx, told([child]), {
        title: 'You can now manage your own account',
        body: 'You have come of age: you can take over your account from your guardians on your Family page.',
        eventType: 'family_of_age',
        childId,
      });
  }
  return { told: byChild.size };
}

export const JOBS = [{ name: 'tell guardians of children who came of age', run: (ctx: ServiceCtx, now: Date) => tellOfAge(ctx, now) }];
