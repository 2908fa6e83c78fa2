import { z } from 'zod';
import { firstOf, isBlank, optionalText, requiredText, text } from '#core/fields.ts';
import { pagingQuery } from '#core/paging.ts';
import { EmergencyContactInput } from '#core/auth/profile.ts';
import { EmailField } from '#core/users/user-fields.ts';
import { FAMILY_LIMITS, FAMILY_MESSAGES } from './family-options.ts';

/** What the family API says when it succeeds (issue 26 §1). */
export const FAMILY_TEXT = {
  childAdded: 'Child added',
  childUpdated: 'Child updated',
  loginGiven: 'A link to choose a password has been sent',
  emailTaken: 'An account with this e-mail already exists',
  alreadyHasLogin: 'This child already has a login',
  inviteUsed: 'This invitation has already been accepted',
  inviteSent: 'Invitation sent',
  inviteRevoked: 'Invitation revoked',
  inviteAccepted: 'You are now a guardian of these children',
  tookOver: 'Your account is now your own',
  linked: 'Guardian linked',
  unlinked: 'Guardian unlinked',
  linkNotFound: 'This person is not a guardian of that child',
  tooManyChildren: `A guardian can have at most ${FAMILY_LIMITS.maxChildren} children`,
  notAChild: 'Only a student account can be linked as a child',
  selfLink: 'A person cannot be their own guardian',
  childIdsInvalid: 'childIds must list your own children',
  nothingToUpdate: 'Nothing to update',
} as const;

/** A real calendar day (YYYY-MM-DD) from 1900 on; the service checks it against today in the school's zone. */
export const isCalendarDay = (v: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m || Number(m[1]) < 1900) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
};

const DateOfBirth = z
  .string({ error: FAMILY_MESSAGES.dateOfBirthInvalid })
  .trim()
  .refine(isCalendarDay, FAMILY_MESSAGES.dateOfBirthInvalid);

const childFields = {
  firstName: requiredText('First name', 100),
  lastName: requiredText('Last name', 100),
  dateOfBirth: DateOfBirth,
  grade: optionalText('Grade', 50),
  emergencyContact: EmergencyContactInput.optional(),
  medicalNotes: z.preprocess((v) => (v === null ? '' : v), text('Medical notes', FAMILY_LIMITS.notesMax).optional()),
  relationship: optionalText('Relationship', FAMILY_LIMITS.relationshipMax),
};

/** POST /api/family/children. */
export const AddChildSchema = z.object(childFields);
export type AddChildInput = z.output<typeof AddChildSchema>;

/** PATCH /api/family/children/:id: any of the same fields. */
export const UpdateChildSchema = z.object(childFields).partial();
export type UpdateChildInput = z.output<typeof UpdateChildSchema>;

/** POST /api/family/children/:id/login. */
export const GiveLoginSchema = z.object({ email: EmailField });

const ChildIds = z
  .array(z.string({ error: FAMILY_TEXT.childIdsInvalid }).min(1).max(64), { error: FAMILY_TEXT.childIdsInvalid })
  .max(FAMILY_LIMITS.maxChildren, FAMILY_TEXT.childIdsInvalid);

/** POST /api/family/invites: every one of the inviter's children unless `childIds` names some. */
export const InviteSchema = z.object({
  email: EmailField,
  relationship: optionalText('Relationship', FAMILY_LIMITS.relationshipMax),
  childIds: ChildIds.optional(),
});
export type InviteInput = z.output<typeof InviteSchema>;

export const AcceptInviteSchema = z.object({ token: requiredText('Token', 200, { required: FAMILY_MESSAGES.inviteNotFound }) });

/** POST /api/users/:id/family/links (staff). */
export const LinkChildSchema = z.object({
  childId: requiredText('childId', 64),
  relationship: optionalText('Relationship', FAMILY_LIMITS.relationshipMax),
});

/** GET /api/admin/families. */
export const ListFamiliesQuery = pagingQuery(20, 100).extend({
  search: firstOf(z.preprocess((v) => (v === undefined || isBlank(v) ? undefined : v), z.string().trim().max(100).optional())),
});
export type ListFamiliesQueryInput = z.output<typeof ListFamiliesQuery>;
