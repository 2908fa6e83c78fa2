/** Every message the Users API answers with; the admin screen shows the same words before sending. */
export const USER_MESSAGES = {
  required: 'Email, password, and role are required',
  bodyObject: 'Request body must be a JSON object',
  invalidEmail: 'Please enter a valid email address',
  emailTaken: 'A user with this email already exists',
  notFound: 'User not found',
  idsRequired: 'User IDs array is required',
  tooManyIds: 'Too many user IDs: at most 500 at a time',
  invalidId: 'Invalid user ID',
  searchTooShort: 'Search term must be at least 2 characters long',
  searchTooLong: 'Search term must be at most 100 characters long',
  invalidPage: 'Page must be a positive whole number',
  invalidLimit: 'Limit must be a positive whole number',
  nothingToUpdate: 'Nothing to update: give isActive, role, emailVerified or profile.grade',
  reasonTooLong: 'Reason must be at most 500 characters',
  created: 'User created successfully',
  updated: 'User updated successfully',
  deleted: 'User deleted successfully',
  blocked: 'User blocked successfully',
  unblocked: 'User unblocked successfully',
  selfBlock: 'You cannot block your own account',
  selfDelete: 'You cannot delete your own account',
  selfRole: 'You cannot change your own role',
  selfDeactivate: 'You cannot deactivate your own account',
  selfPassword: 'Change your own password from your profile (current password required)',
  privilegedTarget: 'Only a super-admin can manage admin and super-admin accounts',
  privilegedGrant: 'Only a super-admin can give the admin or super-admin role',
  grandmasterTarget: 'Only an admin or a super-admin can manage grandmaster accounts',
  grandmasterGrant: 'Only an admin or a super-admin can give the grandmaster role',
  adminIdGrant: 'Only a super-admin can assign an admin ID',
  ownProfileOnly: 'You can only update your own profile',
  ownFieldsOnly: 'You can only update your timezone and location',
  changedMeanwhile: 'This user was changed at the same time by someone else, please try again',
  hasRecords: 'This user still has related records and cannot be deleted',
  selfSessions: 'End your own sessions with Log out everywhere in your profile',
  sessionsEnded: 'Every session of this user has ended',
  resetSent: (email: string) => `A password reset link has been sent to ${email}`,
} as const;

/** A users search term's problem, if any: at least 2 characters (counted as the user sees them), at most 100. */
export function searchTermProblem(term: string): string {
  const length = [...term].length;
  return length < 2 ? USER_MESSAGES.searchTooShort : length > 100 ? USER_MESSAGES.searchTooLong : '';
}
