import { z } from 'zod';

/**
 * What a rank asks of a candidate (issue 25 §2). A `gate` must be met to be eligible; an `advisory` is shown
 * with its progress but never blocks. Values: days, classes, percent, stripes, techniques or years; the two
 * yes/no types carry none.
 */
export const REQUIREMENT_TYPES = [
  'min_days',
  'min_classes',
  'min_attendance_rate',
  'min_stripes',
  'techniques_passed',
  'min_age',
  'max_age',
  'instructor_approval',
  'active_membership',
] as const;
export const REQUIREMENT_MODES = ['gate', 'advisory'] as const;

export type RequirementType = (typeof REQUIREMENT_TYPES)[number];
export type RequirementMode = (typeof REQUIREMENT_MODES)[number];

const YES_NO: readonly RequirementType[] = ['instructor_approval', 'active_membership'];
export const takesValue = (type: RequirementType) => !YES_NO.includes(type);

export const REQUIREMENT_MESSAGES = {
  type: `type must be one of: ${REQUIREMENT_TYPES.join(', ')}`,
  mode: `mode must be one of: ${REQUIREMENT_MODES.join(', ')}`,
  valueRequired: 'value is required for this type of requirement',
  valueInvalid: 'value must be a whole number from 0 to 100000',
  rateInvalid: 'value must be a percentage from 1 to 100',
  valueNotTaken: 'value is not taken by this type of requirement',
} as const;
const M = REQUIREMENT_MESSAGES;

export const RequirementSchema = z
  .object({
    type: z.enum(REQUIREMENT_TYPES, { error: M.type }),
    mode: z.enum(REQUIREMENT_MODES, { error: M.mode }).default('gate'),
    value: z.number({ error: M.valueInvalid }).int(M.valueInvalid).min(0, M.valueInvalid).max(100_000, M.valueInvalid).nullish(),
  })
  .superRefine((r, ctx) => {
    const has = r.value !== undefined && r.value !== null;
    if (takesValue(r.type) && !has) ctx.addIssue({ code: 'custom', path: ['value'], message: M.valueRequired });
    if (!takesValue(r.type) && has) ctx.addIssue({ code: 'custom', path: ['value'], message: M.valueNotTaken });
    if (r.type === 'min_attendance_rate' && has && (r.value! < 1 || r.value! > 100))
      ctx.addIssue({ code: 'custom', path: ['value'], message: M.rateInvalid });
  })
  .transform((r) => ({ type: r.type, mode: r.mode, value: takesValue(r.type) ? r.value! : null }));

export type Requirement = z.output<typeof RequirementSchema>;
