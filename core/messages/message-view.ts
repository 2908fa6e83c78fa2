import { z } from 'zod';
import { MESSAGE_KINDS, MESSAGE_PRIORITIES } from './message-schemas.ts';

/**
 * Spec 3 Message as the API answers it and the socket carries it (`isRead`/`readAt` as the viewer sees
 * it; dates as ISO strings). The server's serializer returns this type; the browser parses with this schema.
 */
export const MessageViewSchema = z.object({
  _id: z.string(),
  content: z.string(),
  priority: z.enum(MESSAGE_PRIORITIES),
  kind: z.enum(MESSAGE_KINDS),
  isBroadcast: z.boolean(),
  /** The sender; null once the sender's account is deleted. */
  senderId: z
    .object({
      _id: z.string(),
      role: z.string().nullable(),
      specialId: z.string().nullable(),
      profile: z.object({ firstName: z.string(), lastName: z.string() }),
    })
    .nullable(),
  senderRole: z.string().nullable(),
  recipientId: z.string().nullable(),
  conversationId: z.string().nullable(),
  targetRoles: z.array(z.string()).nullable(),
  parentId: z.string().nullable(),
  isRead: z.boolean(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type MessageView = z.infer<typeof MessageViewSchema>;

/** A socket notification previews at most 100 characters of the message (spec 7). */
export const previewText = (content: string, max = 100) => (content.length > max ? content.slice(0, max) : content);
