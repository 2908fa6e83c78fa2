import { describe, expect, it } from 'vitest';
import { MESSAGE_MESSAGES } from '#core/messages/message-schemas.ts';
import { ApiError, INVALID_JSON, REQUEST_FAILED } from './api.ts';
import {
  contentError,
  conversationMessages,
  markReadLocally,
  mergeMessages,
  sendFailureReason,
  sentMessage,
  tempId,
  THREAD_MESSAGES,
  typingThrottle,
  unreadFromOthers,
  type ChatMessage,
} from './messages-thread.ts';

const msg = (id: string, at: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  _id: id,
  content: `m ${id}`,
  priority: 'normal',
  kind: 'direct',
  isBroadcast: false,
  senderId: { _id: 'me', role: 'student', specialId: 'STU-1', profile: { firstName: 'Leo', lastName: 'Park' } },
  senderRole: 'student',
  recipientId: null,
  conversationId: 'me',
  targetRoles: null,
  parentId: null,
  isRead: false,
  readAt: null,
  createdAt: new Date(Date.UTC(2026, 0, 1, 10, at)).toISOString(),
  ...extra,
});

describe('mergeMessages', () => {
  it('replaces the optimistic copy with the saved one whichever arrives first', () => {
    const temp = msg(tempId(), 5, { pending: true });
    const saved = msg('m2', 5);
    const socketFirst = mergeMessages([msg('m1', 1), temp, saved], [saved], temp._id);
    expect(socketFirst.map((m) => m._id)).toEqual(['m1', 'm2']);
    const postFirst = mergeMessages(mergeMessages([msg('m1', 1), temp], [saved], temp._id), [saved]);
    expect(postFirst.map((m) => m._id)).toEqual(['m1', 'm2']);
  });

  it('keeps one row per _id, oldest first, and never loses a read state', () => {
    const merged = mergeMessages([msg('b', 2, { isRead: true, readAt: 'x' }), msg('a', 1)], [msg('b', 2), msg('c', 0)]);
    expect(merged.map((m) => m._id)).toEqual(['c', 'a', 'b']);
    expect(merged[2]?.isRead).toBe(true);
  });
});

describe('read state', () => {
  it('marks only saved, unread messages from others', () => {
    const list = [
      msg('own', 1),
      msg('r1', 2, { senderId: { _id: 'adm', role: 'admin', specialId: 'ADM', profile: { firstName: 'A', lastName: 'M' } } }),
      msg('temp_x', 3, { senderId: null }),
      msg('r2', 4, { senderId: null, isRead: true }),
      msg('b1', 5, { senderId: null, kind: 'broadcast' }),
    ];
    expect(unreadFromOthers(list, 'me')).toEqual(['r1', 'b1']);
    expect(markReadLocally(list, ['r1'], 'now').find((m) => m._id === 'r1')).toMatchObject({ isRead: true, readAt: 'now' });
  });
});

describe('answers and errors', () => {
  it('checks content with the schema words', () => {
    expect(contentError('   ')).toBe(MESSAGE_MESSAGES.contentRequired);
    expect(contentError('x'.repeat(5001))).toBe(MESSAGE_MESSAGES.contentTooLong);
    expect(contentError(' hi ')).toBe('');
  });

  it('refuses an answer without a message or messages', () => {
    expect(() => sentMessage({ success: true, data: { content: 'x' } })).toThrow(THREAD_MESSAGES.invalidResponse);
    expect(sentMessage({ success: true, data: msg('a', 1) })._id).toBe('a');
    expect(() => conversationMessages({ success: true })).toThrow(THREAD_MESSAGES.noData);
    expect(conversationMessages({ success: true, data: [msg('a', 1), { bad: 1 }] })).toHaveLength(1);
  });

  it("names a bare success: false, and keeps the server's words otherwise", () => {
    expect(sendFailureReason(new ApiError(REQUEST_FAILED, 200))).toBe(THREAD_MESSAGES.successFalse);
    expect(sendFailureReason(new ApiError(INVALID_JSON, 200))).toBe(INVALID_JSON);
    expect(sendFailureReason(new ApiError('HTTP 500 Internal Server Error', 500))).toBe('HTTP 500 Internal Server Error');
  });
});

describe('typingThrottle', () => {
  it('sends true at most every 2 s and false once when stopped', () => {
    let t = 0;
    const sent: boolean[] = [];
    const throttle = typingThrottle(
      (v) => sent.push(v),
      () => t,
    );
    throttle.input(true);
    t = 500;
    throttle.input(true);
    t = 2_100;
    throttle.input(true);
    throttle.stop();
    throttle.stop();
    throttle.input(false);
    expect(sent).toEqual([true, true, false]);
  });
});
