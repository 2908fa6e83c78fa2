import { describe, expect, it } from 'vitest';
import { previewText } from '#core/messages/message-view.ts';
import { ClientFrame } from './frames.ts';

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
