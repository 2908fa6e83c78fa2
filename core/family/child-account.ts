import { noLoginEmail } from './family-options.ts';

/**
 * Never an argon2id PHC string, so no password ever verifies against it (worker/lib/password.ts): a child's
 * account without a login of its own (issue 26 §1) until a guardian or staff gives it one.
 */
export const UNUSABLE_PASSWORD_HASH = '!no-login';

export type ChildAccountInput = { firstName: string; lastName: string; dateOfBirth: string; grade?: string | null };

/** The columns of a child's `users` row that make it a child's (the student id is the caller's to assign). */
export const childAccountValues = (id: string, input: ChildAccountInput) => ({
  id,
  email: noLoginEmail(id),
  passwordHash: UNUSABLE_PASSWORD_HASH,
  role: 'student' as const,
  canSignIn: false,
  emailVerified: false,
  profile: {
    firstName: input.firstName,
    lastName: input.lastName,
    dateOfBirth: input.dateOfBirth,
    ...(input.grade ? { grade: input.grade } : {}),
  },
});
