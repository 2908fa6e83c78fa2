import { z } from 'zod';
import { forQuery } from '#core/family/acting-for.ts';
import { idList, optionEnum } from '#core/fields.ts';
import { pagingQuery } from '#core/paging.ts';
import { ROLES } from '#core/roles.ts';

export const MESSAGE_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type MessagePriority = (typeof MESSAGE_PRIORITIES)[number];
export const MESSAGE_KINDS = ['direct', 'reply', 'broadcast'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
export const BROADCAST_TARGETS = ['all', ...ROLES] as const;
export type BroadcastTarget = (typeof BROADCAST_TARGETS)[number];

/** Spec 9: a conversation page holds 50 messages. */
export const CONVERSATION_PAGE_SIZE = 50;
export const MESSAGE_MAX_LENGTH = 5000;

export const MESSAGE_MESSAGES = {
  contentRequired: 'Message content is required',
  contentTooLong: `Message must be at most ${MESSAGE_MAX_LENGTH} characters`,
  invalidPriority: `Priority must be one of: ${MESSAGE_PRIORITIES.join(', ')}`,
  targetRequired: 'Target user ID is required',
  invalidTargetRoles: `Target roles must be one of: ${BROADCAST_TARGETS.join(', ')}`,
  idsRequired: 'Message IDs array is required',
  invalidRole: `Invalid role. Must be one of: ${ROLES.join(', ')}`,
  invalidKind: `Kind must be one of: ${MESSAGE_KINDS.join(', ')}`,
  bodyObject: 'Please send the message as a JSON object',
  notFound: 'Message not found',
  userNotFound: 'User not found',
  replyToSelf: 'You cannot reply to yourself',
  notYourConversation: 'Only the school can open another user’s conversation',
  sent: 'Message sent successfully',
  replied: 'Reply sent successfully',
  broadcast: 'Broadcast sent successfully',
  tooMany: 'You are sending messages too quickly. Please wait a minute and try again.',
} as const;

const content = z
  .string({ error: MESSAGE_MESSAGES.contentRequired })
  .trim()
  .min(1, MESSAGE_MESSAGES.contentRequired)
  .max(MESSAGE_MAX_LENGTH, MESSAGE_MESSAGES.contentTooLong);

/** Blank or missing takes the call's default (spec 9: message normal, broadcast high). */
const priority = (fallback: MessagePriority) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? fallback : v),
    optionEnum(MESSAGE_PRIORITIES, MESSAGE_MESSAGES.invalidPriority),
  );

const specialId = z
  .string({ error: MESSAGE_MESSAGES.targetRequired })
  .trim()
  .min(1, MESSAGE_MESSAGES.targetRequired)
  .max(100, MESSAGE_MESSAGES.userNotFound);

const object = <T extends z.core.$ZodLooseShape>(shape: T) => z.object(shape, { error: MESSAGE_MESSAGES.bodyObject });

/** POST /api/messages/send: anyone writes to the school. */
export const SendMessageSchema = object({ content, priority: priority('normal') });
export type SendMessageInput = z.output<typeof SendMessageSchema>;

/** POST /api/messages/admin/reply: the school answers one user, named by an identifier (STU-0001…) or id. */
export const ReplySchema = object({ content, targetSpecialId: specialId, priority: priority('normal') });
export type ReplyInput = z.output<typeof ReplySchema>;

/** One role, a list of roles, or nothing (spec 5: defaults to all); 'all' swallows the rest. */
const targetRoles = z.preprocess(
  (v) => (v === undefined || v === null ? ['all'] : typeof v === 'string' ? [v] : v),
  z
    .array(optionEnum(BROADCAST_TARGETS, MESSAGE_MESSAGES.invalidTargetRoles), { error: MESSAGE_MESSAGES.invalidTargetRoles })
    .max(BROADCAST_TARGETS.length * 2, MESSAGE_MESSAGES.invalidTargetRoles)
    .transform((roles): BroadcastTarget[] => (roles.length === 0 || roles.includes('all') ? ['all'] : [...new Set(roles)].sort())),
);

/** POST /api/messages/admin/broadcast. */
export const BroadcastSchema = object({ content, targetRoles, priority: priority('high') });
export type BroadcastInput = z.output<typeof BroadcastSchema>;

/** PATCH mark-read and bulk-read, DELETE bulk: a non-empty list of ids, de-duplicated. */
export const MessageIdsSchema = z.object(
  { messageIds: idList(MESSAGE_MESSAGES.idsRequired, 200) },
  { error: MESSAGE_MESSAGES.idsRequired },
);
export type MessageIdsInput = z.output<typeof MessageIdsSchema>;

/** Query text: the first of repeated keys, trimmed, cut to `max`; blank means none. */
const optionalQueryText = (max: number) =>
  z.preprocess((v) => {
    const first: unknown = Array.isArray(v) ? v[0] : v;
    return typeof first === 'string' && first.trim() ? first.trim().slice(0, max) : undefined;
  }, z.string().optional());

/** GET /api/messages/conversation: page 1, 50 per page (spec 9); targetSpecialId for the school. */
/** `?for=<childId>`: a guardian reads their child's thread (issue 26), read-only. */
export const ConversationQuery = pagingQuery(CONVERSATION_PAGE_SIZE, 100).extend({ targetSpecialId: optionalQueryText(100), ...forQuery });
export type ConversationQueryInput = z.output<typeof ConversationQuery>;

export const MyMessagesQuery = pagingQuery(CONVERSATION_PAGE_SIZE, 100).extend(forQuery);
export type MyMessagesQueryInput = z.output<typeof MyMessagesQuery>;

const optionalEnumQuery = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((v) => (Array.isArray(v) ? v[0] : v === '' || v === 'all' ? undefined : v), optionEnum(values, message).optional());

/** GET /api/messages (school): every message, newest first, filtered. */
export const ListMessagesQuery = pagingQuery(20, 100).extend({
  kind: optionalEnumQuery(MESSAGE_KINDS, MESSAGE_MESSAGES.invalidKind),
  priority: optionalEnumQuery(MESSAGE_PRIORITIES, MESSAGE_MESSAGES.invalidPriority),
  search: optionalQueryText(200),
});
export type ListMessagesQueryInput = z.output<typeof ListMessagesQuery>;

/** GET /api/messages/users (school): the people one can talk to, by role and name. */
export const MessageUsersQuery = pagingQuery(50, 200).extend({
  role: optionalEnumQuery(ROLES, MESSAGE_MESSAGES.invalidRole),
  search: optionalQueryText(100),
});
export type MessageUsersQueryInput = z.output<typeof MessageUsersQuery>;
