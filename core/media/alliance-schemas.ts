import { z } from 'zod';
import { pagingQuery } from '#core/paging.ts';
import { firstOf, flag, idList, requiredText, text } from '#core/fields.ts';
import { isHttpUrl } from '#core/link-fields.ts';

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
  description: firstOf(text('Description', 2000)).optional(),
  website,
  country: firstOf(text('Country', 100)).optional(),
  isActive: firstOf(flag('isActive')).optional(),
  removeLogo: firstOf(flag('removeLogo')).optional(),
};

export const CreateAllianceSchema = z.object({
  name: firstOf(requiredText('Name', 150, { required: ALLIANCE_MESSAGES.nameRequired })),
  ...fields,
});
export type CreateAllianceInput = z.output<typeof CreateAllianceSchema>;

export const UpdateAllianceSchema = z.object({
  name: firstOf(requiredText('Name', 150, { required: ALLIANCE_MESSAGES.nameRequired })).optional(),
  ...fields,
});
export type UpdateAllianceInput = z.output<typeof UpdateAllianceSchema>;

/** The spec's client sends `allienceIds`; `allianceIds` is accepted too. */
export const BulkDeleteAlliancesSchema = z.preprocess(
  (v) =>
    v && typeof v === 'object' && !Array.isArray(v) && !('allienceIds' in v)
      ? { allienceIds: (v as { allianceIds?: unknown }).allianceIds }
      : v,
  z.object({ allienceIds: idList(ALLIANCE_MESSAGES.idsRequired, 64) }, { error: ALLIANCE_MESSAGES.idsRequired }),
);

export const ListAlliancesQuery = pagingQuery(50, 100).extend({
  isActive: z
    .enum(['true', 'false'], { error: 'isActive must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
  search: z.string().trim().max(100).optional().catch(undefined),
});
