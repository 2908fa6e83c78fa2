import { z } from 'zod';
import { firstOf, jsonFlag, requiredText, text } from '#core/fields.ts';
import { pagingQuery } from '#core/paging.ts';
import { WAIVER_LIMITS, WAIVER_MESSAGES } from './waiver-options.ts';

const title = requiredText('Title', WAIVER_LIMITS.titleMax);
/** The text is kept exactly as written (its SHA-256 is what is signed): not trimmed, only required to have words. */
const body = z
  .string({ error: 'Body is required' })
  .max(WAIVER_LIMITS.bodyMax, `Body must be at most ${WAIVER_LIMITS.bodyMax} characters`)
  .refine((v) => v.trim().length > 0, 'Body is required');

export const CreateWaiverSchema = z.object({ title, body }, { error: 'Please send the waiver as a JSON object' });
export type CreateWaiverInput = z.output<typeof CreateWaiverSchema>;

export const UpdateWaiverSchema = z.object(
  { title: title.optional(), body: body.optional(), isActive: jsonFlag('isActive').optional() },
  { error: 'Please send the waiver as a JSON object' },
);
export type UpdateWaiverInput = z.output<typeof UpdateWaiverSchema>;

export const SignWaiverSchema = z.object(
  {
    signedFor: z.string({ error: 'signedFor must be "me" or a user id' }).trim().min(1).max(64).default('me'),
    typedName: z
      .string({ error: WAIVER_MESSAGES.typedNameRequired })
      .trim()
      .min(1, WAIVER_MESSAGES.typedNameRequired)
      .max(WAIVER_LIMITS.typedNameMax, WAIVER_MESSAGES.typedNameRequired),
    // The size is judged on the decoded image (413), so the text itself has no length limit here.
    signature: z.string({ error: WAIVER_MESSAGES.signatureNotImage }).nullable().optional(),
    agree: z.literal(true, { error: WAIVER_MESSAGES.mustAgree }),
    textSha256: z
      .string({ error: 'textSha256 must be the SHA-256 of the text you read' })
      .trim()
      .toLowerCase()
      .regex(/^[0-9a-f]{64}$/, 'textSha256 must be the SHA-256 of the text you read'),
  },
  { error: 'Please send the signature as a JSON object' },
);
export type SignWaiverInput = z.output<typeof SignWaiverSchema>;

export const SIGNATURE_STATUSES = ['signed', 'missing'] as const;
export const ListSignaturesQuery = pagingQuery(20, 100).extend({
  status: firstOf(z.enum(SIGNATURE_STATUSES, { error: 'status must be signed or missing' })).default('signed'),
  version: firstOf(z.coerce.number({ error: 'version must be a whole number' }).int().min(1)).optional(),
  search: firstOf(text('Search', 100)).optional(),
});
export type ListSignaturesInput = z.output<typeof ListSignaturesQuery>;

export const StatusQuery = z.object({ for: firstOf(z.string().trim().max(64)).optional() });

export const RemindersSchema = z.object(
  { userIds: z.array(z.string().trim().min(1).max(64)).max(500, 'At most 500 people at a time').optional() },
  { error: 'Please send the reminder as a JSON object' },
);
