import { z } from 'zod';
import { MAX_PLANS } from './catalog-options.ts';
import { flag, idList, moneyCents, optionalMoneyCents, optionalText, requiredText, wholeNumber } from '#core/fields.ts';
import { textList } from '#core/list-fields.ts';
import { boolParam, listQuery, searchParam, sortParam } from './query.ts';

export const MEMBERSHIP_MESSAGES = {
  bodyObject: 'Request body must be an object',
  notFound: 'Membership not found',
  idsRequired: 'Membership IDs array is required',
  nameTaken: 'A membership with this name already exists',
  plansList: 'Plans must be a list of plans',
  tooManyPlans: 'A membership can have at most 12 plans',
  duplicatePlan: 'Plan names must be unique within a membership',
  discountAbovePrice: 'Plan discount price cannot be greater than the plan price',
  nothingToUpdate: 'Nothing to update',
  created: 'Membership created successfully',
  updated: 'Membership updated successfully',
  deleted: 'Membership deleted successfully',
  activated: 'Membership activated successfully',
  deactivated: 'Membership deactivated successfully',
} as const;

const percent = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v),
    z
      .number({ error: `${label} must be a number` })
      .min(0, `${label} must be between 0 and 100`)
      .max(100, `${label} must be between 0 and 100`),
  );

const planIdField = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string({ error: 'Plan ID must be text' }).trim().max(100, 'Plan ID must be text').optional(),
);

/** One plan (Monthly, Quarterly, Annual …). A known `planId` (or `_id`) keeps that plan's id. */
export const PlanSchema = z
  .object(
    {
      planId: planIdField,
      _id: planIdField,
      name: requiredText('Plan name', 60),
      durationMonths: wholeNumber('Plan duration (months)', 1, 120),
      price: moneyCents('Plan price'),
      discountPrice: optionalMoneyCents('Plan discount price'),
      gstRate: percent('GST rate').optional(),
      isActive: flag('Plan isActive').optional(),
    },
    { error: MEMBERSHIP_MESSAGES.plansList },
  )
  .superRefine((p, ctx) => {
    if (p.discountPrice != null && p.discountPrice > p.price)
      ctx.addIssue({ code: 'custom', path: ['discountPrice'], message: MEMBERSHIP_MESSAGES.discountAbovePrice });
  })
  .transform(({ planId, _id, ...plan }) => ({ ...plan, planId: planId ?? _id }));
export type PlanInput = z.output<typeof PlanSchema>;

/** The whole set of plans: a JSON array, or a JSON string of one (multipart), or `plans[i][field]` fields. */
const PlansField = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  },
  z
    .array(PlanSchema, { error: MEMBERSHIP_MESSAGES.plansList })
    .max(MAX_PLANS, MEMBERSHIP_MESSAGES.tooManyPlans)
    .refine((plans) => new Set(plans.map((p) => p.name.toLowerCase())).size === plans.length, MEMBERSHIP_MESSAGES.duplicatePlan),
);

const membershipFields = {
  name: requiredText('Name', 120),
  description: optionalText('Description', 5000),
  benefits: textList('Benefits', 30, 300),
  isActive: flag('isActive').optional(),
  featured: flag('Featured').optional(),
  sortOrder: wholeNumber('Sort order', -10_000, 10_000).optional(),
  plans: PlansField.optional(),
};

export const CreateMembershipSchema = z.object(membershipFields, { error: MEMBERSHIP_MESSAGES.bodyObject });
export type CreateMembershipInput = z.output<typeof CreateMembershipSchema>;

export const UpdateMembershipSchema = z.object(
  { ...membershipFields, name: membershipFields.name.optional(), removeImage: flag('removeImage').optional() },
  { error: MEMBERSHIP_MESSAGES.bodyObject },
);
export type UpdateMembershipInput = z.output<typeof UpdateMembershipSchema>;

export const BulkDeleteMembershipsSchema = z.object(
  { membershipIds: idList(MEMBERSHIP_MESSAGES.idsRequired) },
  { error: MEMBERSHIP_MESSAGES.idsRequired },
);

export const MEMBERSHIP_SORT_FIELDS = ['sortOrder', 'name', 'createdAt', 'updatedAt'] as const;
export type MembershipSortField = (typeof MEMBERSHIP_SORT_FIELDS)[number];

export const ListMembershipsQuery = listQuery(20).extend({
  search: searchParam,
  featured: boolParam('featured'),
  isActive: boolParam('isActive'),
  sort: sortParam(MEMBERSHIP_SORT_FIELDS, { field: 'sortOrder', direction: 'asc' }),
});
export type ListMembershipsQueryInput = z.output<typeof ListMembershipsQuery>;
