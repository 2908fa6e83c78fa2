import { z } from 'zod';
import { pagingQuery } from '#core/paging.ts';
import { formBool, idsField, isHttpUrl, optionalText, requiredText, tooLong } from './fields.ts';

export const ALLIANCE_MESSAGES = {
  nameRequired: 'Name is required',
  website: 'Website must be an http:// or https:// address',
  notFound: 'Alliance not found',
  idsRequired: 'Alliance IDs array is required',
  created: 'Alliance created successfully',
  updated: 'Alliance updated successfully',
  deleted: 'Alliance deleted successfully',
  activated: 'Alliance activated successfully',
  deactivated: 'Alliance deactivated successfully',
} as const;

/** http(s) only; a blank value clears the website (null). */
const website = z
  .preprocess(
    (v) => {
      const s = Array.isArray(v) ? v[0] : v;
      return s === null || (typeof s === 'string' && s.trim() === '') ? null : s;
    },
    z
      .string({ error: ALLIANCE_MESSAGES.website })
      .trim()
      .max(2048, ALLIANCE_MESSAGES.website)
      .refine(isHttpUrl, ALLIANCE_MESSAGES.website)
      .nullable(),
  )
  .optional();

const fields = {
  description: optionalText('Description', 2000),
  website,
  country: optionalText('Country', 100),
  isActive: formBool('isActive'),
  removeLogo: formBool('removeLogo'),
};

export const CreateAllianceSchema = z.object({ name: requiredText(ALLIANCE_MESSAGES.nameRequired, 150, tooLong('Name', 150)), ...fields });
export type CreateAllianceInput = z.output<typeof CreateAllianceSchema>;

export const UpdateAllianceSchema = z.object({
  name: requiredText(ALLIANCE_MESSAGES.nameRequired, 150, tooLong('Name', 150)).optional(),
  ...fields,
});
export type UpdateAllianceInput = z.output<typeof UpdateAllianceSchema>;

/** The spec's client sends `allienceIds`; `allianceIds` is accepted too. */
export const BulkDeleteAlliancesSchema = z.preprocess(
  (v) =>
    v && typeof v === 'object' && !Array.isArray(v) && !('allienceIds' in v)
      ? { allienceIds: (v as { allianceIds?: unknown }).allianceIds }
      : v,
  z.object({ allienceIds: idsField(ALLIANCE_MESSAGES.idsRequired) }, { error: ALLIANCE_MESSAGES.idsRequired }),
);

export const ListAlliancesQuery = pagingQuery(50, 100).extend({
  isActive: z
    .enum(['true', 'false'], { error: 'isActive must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
  search: z.string().trim().max(100).optional().catch(undefined),
});
