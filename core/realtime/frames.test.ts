import { describe, expect, it } from 'vitest';
import { previewText } from '#core/messages/message-view.ts';
import { pagination } from '#core/paging.ts';
import { ClientFrame, parseClientFrame, parseServerFrame, ROOM_ERRORS } from './frames.ts';

describe('realtime protocol', () => {
  it('accepts the two client frames of the spec and drops anything else', () => {
    expect(ClientFrame.safeParse({ type: 'typing', targetId: 'u1', isTyping: true }).success).toBe(true);
    expect(ClientFrame.safeParse({ type: 'authenticate', userId: 'u1', userRole: 'student', token: 't' }).success).toBe(true);
    expect(ClientFrame.safeParse({ type: 'typing', targetId: '', isTyping: true }).success).toBe(false);
    expect(ClientFrame.safeParse({ type: 'new_message', content: 'spoofed' }).success).toBe(false);
  });
  it('previews 100 characters of a message', () => {
    expect(previewText('x'.repeat(150))).toHaveLength(100);
    expect(previewText('short')).toBe('short');
  });
});

const message = {
  _id: 'm1',
  content: 'When is the next grading?',
  priority: 'normal',
  kind: 'direct',
  isBroadcast: false,
  senderId: { _id: 'u1', role: 'student', specialId: 'STU-1', profile: { firstName: 'Leo', lastName: 'Park' } },
  senderRole: 'student',
  recipientId: null,
  conversationId: 'u1',
  targetRoles: null,
  parentId: null,
  isRead: false,
  readAt: null,
  createdAt: '2026-11-27T10:00:00.000Z',
};

describe('server frames, as the browser parses them', () => {
  it('reads each frame with its typed data', () => {
    const frame = parseServerFrame(JSON.stringify({ type: 'new_message', data: { message, preview: message.content } }));
    expect(frame?.type === 'new_message' && frame.data.message.senderId?.profile.firstName).toBe('Leo');
    const history = { type: 'conversation_history', data: { messages: [message], conversationId: 'u1', pagination: pagination(1, 50, 1) } };
    expect(parseServerFrame(JSON.stringify(history))).toEqual(history);
    const error = { type: 'error', code: 'BAD_REQUEST', message: ROOM_ERRORS.badFrame };
    expect(parseServerFrame(JSON.stringify(error))).toEqual(error);
  });

  it('drops what is not JSON, not a frame of the protocol, or a frame whose data is not its view', () => {
    expect(parseServerFrame('not json')).toBeNull();
    expect(parseServerFrame(JSON.stringify({ type: 'spoofed', data: {} }))).toBeNull();
    expect(parseServerFrame(JSON.stringify({ type: 'new_message', data: { message: { content: 'x' }, preview: 'x' } }))).toBeNull();
    expect(parseServerFrame(JSON.stringify({ type: 'notification', data: { title: 'Hi' } }))).toBeNull();
    expect(parseServerFrame(JSON.stringify({ type: 'typing', data: { userId: 'u1', isTyping: 'yes' } }))).toBeNull();
  });

  it('reads a client frame the same way: the room drops anything else', () => {
    expect(parseClientFrame(JSON.stringify({ type: 'typing', targetId: 'school', isTyping: false }))).toEqual({
      type: 'typing',
      targetId: 'school',
      isTyping: false,
    });
    expect(parseClientFrame('{')).toBeNull();
  });
});
