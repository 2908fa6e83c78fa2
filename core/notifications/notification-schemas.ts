import { z } from 'zod';
import { firstOf, isBlank, jsonFlag, requiredText, text } from '#core/fields.ts';
import { pagingQuery } from '#core/paging.ts';
import {
  NOTIFICATION_LIMITS as LIMITS,
  NOTIFICATION_MAX_PAGE,
  NOTIFICATION_PAGE_SIZE,
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_TYPES,
} from './notification-options.ts';

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
  clientOnlyId: 'This notification exists only in your browser (local_ or socket_ id) and cannot be changed on the server',
  invalidType: `Type must be one of: ${NOTIFICATION_TYPES.join(', ')}`,
  invalidPriority: `Priority must be one of: ${NOTIFICATION_PRIORITIES.join(', ')}`,
  invalidRead: 'Read must be true or false',
  titleRequired: 'Title is required',
  dataObject: 'Data must be an object',
  dataTooLarge: `Data must be at most ${LIMITS.data} characters as JSON`,
  tooManyActions: `At most ${LIMITS.actions} actions are allowed`,
  preferencesObject: 'Please send the preferences as a JSON object',
  markedRead: 'Notification marked as read',
  markedClicked: 'Notification marked as clicked',
  allRead: 'All notifications marked as read',
  deleted: 'Notification deleted successfully',
  preferencesSaved: 'Notification preferences saved',
} as const;

/** A query value that is absent or blank means "no filter" (spec 5: search is sent only when not blank). */
const optionalQuery = <T extends z.ZodType>(schema: T) =>
  firstOf(z.preprocess((v) => (v === undefined || isBlank(v) ? undefined : v), schema.optional()));

/** GET /api/notifications/my: page, limit (20, at most 100), type, read, priority, search. */
export const ListNotificationsQuery = pagingQuery(NOTIFICATION_PAGE_SIZE, NOTIFICATION_MAX_PAGE).extend({
  type: optionalQuery(z.enum(NOTIFICATION_TYPES, { error: NOTIFICATION_MESSAGES.invalidType })),
  priority: optionalQuery(z.enum(NOTIFICATION_PRIORITIES, { error: NOTIFICATION_MESSAGES.invalidPriority })),
  read: optionalQuery(z.enum(['true', 'false'], { error: NOTIFICATION_MESSAGES.invalidRead }).transform((v) => v === 'true')),
  search: optionalQuery(z.string().trim().max(LIMITS.search, `Search term must be at most ${LIMITS.search} characters`)),
});
export type ListNotificationsQueryInput = z.output<typeof ListNotificationsQuery>;

const ActionSchema = z.object({
  action: requiredText('Action', LIMITS.actionLabel),
  title: requiredText('Action title', LIMITS.actionLabel),
  url: text('Action url', LIMITS.actionValue)
    .refine((u) => u === '' || u.startsWith('/') || /^https?:\/\//i.test(u), 'Action url must be a path or an http(s) link')
    .optional(),
});

const DataSchema = z
  .record(z.string(), z.unknown(), { error: NOTIFICATION_MESSAGES.dataObject })
  .refine((d) => JSON.stringify(d).length <= LIMITS.data, NOTIFICATION_MESSAGES.dataTooLarge);

/** What a feature hands `notify()` (spec 3 Notification; the defaults are the spec's). */
export const NotifyInputSchema = z.object({
  title: requiredText('Title', LIMITS.title, { required: NOTIFICATION_MESSAGES.titleRequired }),
  body: text('Body', LIMITS.body).default(''),
  type: z.enum(NOTIFICATION_TYPES, { error: NOTIFICATION_MESSAGES.invalidType }).default('system'),
  eventType: requiredText('Event type', LIMITS.eventType).default('custom'),
  priority: z.enum(NOTIFICATION_PRIORITIES, { error: NOTIFICATION_MESSAGES.invalidPriority }).default('normal'),
  entityType: text('Entity type', LIMITS.entityType).nullable().optional(),
  entityId: text('Entity id', LIMITS.entityId).nullable().optional(),
  data: DataSchema.default({}),
  actions: z.array(ActionSchema).max(LIMITS.actions, NOTIFICATION_MESSAGES.tooManyActions).default([]),
});
export type NotifyInput = z.input<typeof NotifyInputSchema>;
export type NotifyData = z.output<typeof NotifyInputSchema>;

/** PUT /api/notifications/preferences: any of the four; what is left out stays as it was. */
export const NotificationPreferencesSchema = z.object(
  {
    inApp: jsonFlag('inApp').optional(),
    push: jsonFlag('push').optional(),
    email: jsonFlag('email').optional(),
    mutedTypes: z
      .array(z.enum(NOTIFICATION_TYPES, { error: NOTIFICATION_MESSAGES.invalidType }), { error: 'Muted types must be a list' })
      .max(NOTIFICATION_TYPES.length)
      .transform((list) => [...new Set(list)])
      .optional(),
  },
  { error: NOTIFICATION_MESSAGES.preferencesObject },
);
export type NotificationPreferencesInput = z.output<typeof NotificationPreferencesSchema>;
