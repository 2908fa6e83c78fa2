/** Words and limits of family accounts (issue 26 §1). */
export const FAMILY_MESSAGES = {
  childNotFound: 'Child not found',
  notYourChild: 'You can only act for yourself or your own children',
  notGuardian: 'Only a student or member account can add children',
  inviteNotFound: 'This invitation is not valid or has expired',
  inviteWrongEmail: 'This invitation was sent to another e-mail address',
  alreadyGuardian: 'You are already a guardian of these children',
  notOfAge: 'You can take over your account once you come of age',
  noGuardians: 'Your account is already your own',
  dateOfBirthInvalid: 'Date of birth must be a real date in the past (YYYY-MM-DD)',
  childTooOld: 'A child added by a guardian must be under the age of majority',
} as const;

/** A child's account has no login of its own: its e-mail is a placeholder at this reserved domain (RFC 2606). */
export const NO_LOGIN_EMAIL_DOMAIN = 'no-login.invalid';
export const noLoginEmail = (userId: string) => `child-${userId.toLowerCase()}@${NO_LOGIN_EMAIL_DOMAIN}`;
export const isNoLoginEmail = (email: string) => email.endsWith(`@${NO_LOGIN_EMAIL_DOMAIN}`);

export const GUARDIAN_INVITE_DAYS = 14;
export const FAMILY_LIMITS = { maxChildren: 10, notesMax: 2000, relationshipMax: 40 } as const;
