import { and, desc, inArray, or, type SQLWrapper } from 'drizzle-orm';
import { LIVE_MEMBERSHIP_STATUSES } from '#core/enrollments/enrollment-status.ts';
import { isNoLoginEmail } from '#core/family/family-options.ts';
import { comesOfAgeOn, isOfAge } from '#core/family/majority.ts';
import { ageOn } from '#core/progression/eligibility.ts';
import { profileName } from '#core/users/person-name.ts';
import type { Db } from '#db/client.ts';
import { membershipEnrollments, users, type UserRow } from '#db/schema/index.ts';
import type { FamilyClock } from './family.clock.ts';

export type Relation = 'self' | 'child' | 'guardian';

/** The columns a family member is shown with. */
export const memberColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  studentId: users.studentId,
  profile: users.profile,
  emergencyContact: users.emergencyContact,
  medicalNotes: users.medicalNotes,
  canSignIn: users.canSignIn,
};
export type MemberRow = Pick<
  UserRow,
  'id' | 'email' | 'role' | 'studentId' | 'profile' | 'emergencyContact' | 'medicalNotes' | 'canSignIn'
>;

export type MembershipSummary = { _id: string; name: string; status: string; endsAt: string | null; autopay: boolean };

const str = (v: unknown) => (typeof v === 'string' && v ? v : null);

/**
 * A person of a family as the family API shows them. `privateShown` is true only for the person themself,
 * their guardians and staff: otherwise date of birth, medical notes and emergency contact stay out.
 */
export function familyMember(
  row: MemberRow,
  link: { relation: Relation; relationship: string },
  clock: FamilyClock,
  privateShown: boolean,
  membership: MembershipSummary | null = null,
) {
  const birth = privateShown ? str(row.profile?.dateOfBirth) : null;
  return {
    _id: row.id,
    firstName: str(row.profile?.firstName) ?? '',
    lastName: str(row.profile?.lastName) ?? '',
    name: profileName(row.profile, row.studentId ?? ''),
    studentId: row.studentId ?? null,
    role: row.role,
    relation: link.relation,
    relationship: link.relationship,
    canSignIn: row.canSignIn,
    email: isNoLoginEmail(row.email) ? null : row.email,
    dateOfBirth: birth,
    age: birth ? ageOn(birth, clock.now, clock.zone) : null,
    grade: str(row.profile?.grade),
    emergencyContact: privateShown ? (row.emergencyContact ?? {}) : {},
    medicalNotes: privateShown ? row.medicalNotes : '',
    comesOfAgeOn: birth ? comesOfAgeOn(birth, clock.ageOfMajority) : null,
    ofAge: birth ? isOfAge(birth, clock.now, clock.zone, clock.ageOfMajority) : false,
    membership,
  };
}
export type FamilyMember = ReturnType<typeof familyMember>;

type Ids = readonly string[] | SQLWrapper;

/** The live memberships of the people in any of these groups (ids, or a subquery of ids), newest first: a statement for a batch, read by `membershipMap`. */
export const membershipsQuery = (db: Db, ...groups: Ids[]) =>
  db
    .select({
      id: membershipEnrollments.id,
      userId: membershipEnrollments.userId,
      name: membershipEnrollments.membershipName,
      status: membershipEnrollments.status,
      endsAt: membershipEnrollments.endsAt,
      autopay: membershipEnrollments.autopay,
    })
    .from(membershipEnrollments)
    .where(
      and(
        or(...groups.map((ids) => inArray(membershipEnrollments.userId, ids as string[] | SQLWrapper))),
        inArray(membershipEnrollments.status, [...LIVE_MEMBERSHIP_STATUSES]),
      ),
    )
    .orderBy(desc(membershipEnrollments.createdAt));

/** Each person's current membership (the newest live one) from `membershipsQuery`'s rows. */
export function membershipMap(rows: Awaited<ReturnType<typeof membershipsQuery>>): Map<string, MembershipSummary> {
  const found = new Map<string, MembershipSummary>();
  for (const r of rows)
    if (!found.has(r.userId))
      found.set(r.userId, {
        _id: r.id,
        name: r.name,
        status: r.status,
        endsAt: r.endsAt ? r.endsAt.toISOString() : null,
        autopay: r.autopay,
      });
  return found;
}

/** The names of these people (ids, or a subquery of ids): a statement for a batch, read by `nameMap`. */
export const namesQuery = (db: Db, ids: Ids) =>
  db
    .select({ id: users.id, profile: users.profile, studentId: users.studentId })
    .from(users)
    .where(inArray(users.id, ids as string[] | SQLWrapper));

export const nameMap = (rows: Awaited<ReturnType<typeof namesQuery>>) =>
  new Map(rows.map((r) => [r.id, profileName(r.profile, r.studentId ?? '')]));
