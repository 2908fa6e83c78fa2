import { z } from 'zod';
import { DAY_NAMES, LEVEL_MESSAGE, LEVELS } from './catalog-options.ts';
import { flag, optionalText, optionalWholeNumber, optionEnum, requiredText } from '#core/fields.ts';
import { boolParam, enumParam, listQuery, param, searchParam } from './query.ts';

export const CLASS_MESSAGES = {
  bodyObject: 'Request body must be an object',
  notFound: 'Class not found',
  day: 'Day of week must be a number from 0 (Sunday) to 6 (Saturday)',
  endAfterStart: 'End time must be after start time',
  nothingToUpdate: 'Nothing to update',
  created: 'Class created successfully',
  updated: 'Class updated successfully',
  deleted: 'Class deleted successfully',
  instructor: 'instructorId must be an instructor',
  program: 'programId must be a program',
} as const;

/** The update's message when booked sessions kept their old time or place (the admin should look at them). */
export const classUpdatedMessage = (kept: number, cancelled = 0) =>
  [
    CLASS_MESSAGES.updated,
    kept ? `${kept} booked session${kept === 1 ? '' : 's'} kept ${kept === 1 ? 'its' : 'their'} old details: see Sessions` : '',
    cancelled ? `${cancelled} booked session${cancelled === 1 ? ' was' : 's were'} cancelled and the people told` : '',
  ]
    .filter(Boolean)
    .join('. ');

/** 0–6, or a day's name ("monday", "Mon"). */
const toDay = (v: unknown) => {
  if (typeof v !== 'string') return v;
  const s = v.trim().toLowerCase();
  if (/^\d+$/.test(s)) return Number(s);
  const index = DAY_NAMES.findIndex((d) => s.length >= 3 && d.toLowerCase().startsWith(s));
  return index >= 0 ? index : v;
};
export const DayField = z.preprocess(
  toDay,
  z.number({ error: CLASS_MESSAGES.day }).int(CLASS_MESSAGES.day).min(0, CLASS_MESSAGES.day).max(6, CLASS_MESSAGES.day),
);

/** 'HH:MM' on a 24-hour clock; "9:05" is read as "09:05". */
const timeField = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d:\d\d$/.test(v.trim()) ? `0${v.trim()}` : v),
    z
      .string({ error: `${label} is required` })
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} must be a time in HH:MM format (24-hour)`),
  );

const classFields = {
  title: requiredText('Title', 200),
  description: optionalText('Description', 2000),
  dayOfWeek: DayField,
  startTime: timeField('Start time'),
  endTime: timeField('End time'),
  instructorName: optionalText('Instructor name', 120),
  /** The instructor's account (its id), whose sessions these are; blank or null clears it. */
  instructorId: z.preprocess(
    (v) => (v === undefined ? undefined : typeof v === 'string' && v.trim() === '' ? null : v),
    z.string({ error: CLASS_MESSAGES.instructor }).trim().max(64, CLASS_MESSAGES.instructor).nullable().optional(),
  ),
  /** The program whose attendance it counts toward (issue 25); blank or null = every program. */
  programId: z.preprocess(
    (v) => (v === undefined ? undefined : typeof v === 'string' && v.trim() === '' ? null : v),
    z.string({ error: CLASS_MESSAGES.program }).trim().max(64, CLASS_MESSAGES.program).nullable().optional(),
  ),
  level: optionEnum(LEVELS, LEVEL_MESSAGE).optional(),
  location: optionalText('Location', 200),
  ageGroup: optionalText('Age group', 60),
  capacity: optionalWholeNumber('Capacity', 1, 10_000),
  isActive: flag('isActive').optional(),
};

const endAfterStart = (v: { startTime?: string | undefined; endTime?: string | undefined }, ctx: z.RefinementCtx) => {
  if (v.startTime && v.endTime && v.endTime <= v.startTime)
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: CLASS_MESSAGES.endAfterStart });
};

export const CreateClassSchema = z.object(classFields, { error: CLASS_MESSAGES.bodyObject }).superRefine(endAfterStart);
export type CreateClassInput = z.output<typeof CreateClassSchema>;

export const UpdateClassSchema = z
  .object(
    {
      ...classFields,
      title: classFields.title.optional(),
      dayOfWeek: classFields.dayOfWeek.optional(),
      startTime: classFields.startTime.optional(),
      endTime: classFields.endTime.optional(),
    },
    { error: CLASS_MESSAGES.bodyObject },
  )
  .superRefine(endAfterStart);
export type UpdateClassInput = z.output<typeof UpdateClassSchema>;

/** GET /api/classes: the whole timetable fits one page by default (100, up to 200). */
export const ListClassesQuery = listQuery(100, 200).extend({
  dayOfWeek: param(z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), DayField.optional())),
  level: enumParam(LEVELS, LEVEL_MESSAGE),
  search: searchParam,
  isActive: boolParam('isActive'),
});
export type ListClassesQueryInput = z.output<typeof ListClassesQuery>;
