import { FAMILY_MESSAGES } from '#core/family/family-options.ts';
import { badRequest, forbidden } from '#worker/lib/errors.ts';
import { todayOf, ofAgeBornBy, type FamilyClock } from './family.clock.ts';

/** Who may be a guardian (issue 26 §1): a student or member account. */
export const GUARDIAN_ROLES = ['student', 'member'] as const;
export const mayBeGuardian = (role: string) => (GUARDIAN_ROLES as readonly string[]).includes(role);

export function assertGuardianRole(user: { role: string }) {
  if (!mayBeGuardian(user.role)) throw forbidden(FAMILY_MESSAGES.notGuardian);
}

/** A child's date of birth: not after today in the school's zone, and under the age of majority. */
export function checkChildBirth(dateOfBirth: string, clock: FamilyClock) {
  const field = (message: string) => badRequest(message, [{ path: 'dateOfBirth', message }]);
  if (dateOfBirth > todayOf(clock)) throw field(FAMILY_MESSAGES.dateOfBirthInvalid);
  if (dateOfBirth <= ofAgeBornBy(clock)) throw field(FAMILY_MESSAGES.childTooOld);
}
