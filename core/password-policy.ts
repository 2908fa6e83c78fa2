import { COMMON_PASSWORDS } from './common-passwords.ts';

/** OWASP's minimum for argon2id: 19 MiB, 2 passes, 1 lane. Hashes carry these, so they can be raised later. */
export const ARGON2_PARAMS = { memoryCost: 19 * 1024, timeCost: 2, parallelism: 1, hashLength: 32 } as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const PASSWORD_MESSAGES = {
  required: 'Password is required',
  tooShort: `Password must be at least ${PASSWORD_MIN} characters long`,
  tooLong: `Password must be at most ${PASSWORD_MAX} characters long`,
  common: 'This password is too common. Please choose a less predictable one.',
} as const;

/** NIST/ASVS style: length only, no composition rules, the most common passwords refused. */
export function passwordProblem(password: string): string | null {
  if (!password) return PASSWORD_MESSAGES.required;
  const length = [...password].length;
  if (length < PASSWORD_MIN) return PASSWORD_MESSAGES.tooShort;
  if (length > PASSWORD_MAX) return PASSWORD_MESSAGES.tooLong;
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return PASSWORD_MESSAGES.common;
  return null;
}
