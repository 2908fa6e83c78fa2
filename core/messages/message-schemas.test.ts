import { describe, expect, it } from 'vitest';
import { BroadcastSchema, ConversationQuery, MessageIdsSchema, ReplySchema, SendMessageSchema } from './message-schemas.ts';

const firstError = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('message schemas', () => {
  it('default the priority per spec 9: a message normal, a broadcast high', () => {
    expect(SendMessageSchema.parse({ content: ' hi ' })).toEqual({ content: 'hi', priority: 'normal' });
    expect(ReplySchema.parse({ content: 'hi', targetSpecialId: ' STU-1 ', priority: '' })).toEqual({
      content: 'hi',
      targetSpecialId: 'STU-1',
      priority: 'normal',
    });
    expect(BroadcastSchema.parse({ content: 'hi' })).toEqual({ content: 'hi', priority: 'high', targetRoles: ['all'] });
  });

  it('read target roles as a role, a list, or all (which swallows the rest)', () => {
    const roles = (targetRoles: unknown) => BroadcastSchema.parse({ content: 'x', targetRoles }).targetRoles;
    expect(roles('Student')).toEqual(['student']);
    expect(roles(['member', 'student', 'member'])).toEqual(['member', 'student']);
    expect(roles(['student', 'all'])).toEqual(['all']);
    expect(roles([])).toEqual(['all']);
    expect(firstError(BroadcastSchema.safeParse({ content: 'x', targetRoles: ['janitor'] }))).toMatch(
      /^Target roles must be one of: all, student/,
    );
  });

  it('refuse blank, too long and unknown priorities with the messages the client shows', () => {
    expect(firstError(SendMessageSchema.safeParse({ content: ' ' }))).toBe('Message content is required');
    expect(firstError(SendMessageSchema.safeParse({ content: 'x'.repeat(5001) }))).toBe('Message must be at most 5000 characters');
    expect(firstError(SendMessageSchema.safeParse({ content: 'x', priority: 'asap' }))).toBe(
      'Priority must be one of: low, normal, high, urgent',
    );
    expect(firstError(MessageIdsSchema.safeParse({ messageIds: [] }))).toBe('Message IDs array is required');
    expect(MessageIdsSchema.parse({ messageIds: ['a', 'a', 'b'] })).toEqual({ messageIds: ['a', 'b'] });
  });

  it('page a conversation by 50 unless told otherwise', () => {
    expect(ConversationQuery.parse({})).toEqual({ page: 1, limit: 50, targetSpecialId: undefined });
    expect(ConversationQuery.parse({ page: '2', limit: '500', targetSpecialId: '  ' })).toEqual({
      page: 2,
      limit: 100,
      targetSpecialId: undefined,
    });
  });
});
