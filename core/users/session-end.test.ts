import { describe, expect, it } from 'vitest';
import { sessionEndOf } from './session-end.ts';

const account = { role: 'student', isActive: true, blockedAt: null, blockedReason: null, deactivatedAt: null, tokenVersion: 3 };
const held = { role: 'student', tokenVersion: 3 };

describe('sessionEndOf', () => {
  it('holds while nothing changed', () => expect(sessionEndOf(account, held)).toBeNull());
  it('names a block and its reason', () =>
    expect(
      sessionEndOf({ ...account, isActive: false, blockedAt: new Date(), blockedReason: 'Unpaid dues', tokenVersion: 4 }, held),
    ).toEqual({
      reason: 'suspended',
      message: 'Your account was suspended by the school: Unpaid dues',
    }));
  it('names a deleted account', () => expect(sessionEndOf(null, held)?.reason).toBe('deleted'));
  it('names a role change before the token version it also bumped', () =>
    expect(sessionEndOf({ ...account, role: 'member', tokenVersion: 4 }, held)?.message).toBe('Your role changed: sign in again'));
  it('says the school signed the user out only when told so', () => {
    expect(sessionEndOf({ ...account, tokenVersion: 4 }, held, true)?.message).toBe('You were signed out by the school');
    expect(sessionEndOf({ ...account, tokenVersion: 4 }, held)?.reason).toBe('signed_out');
  });
});
