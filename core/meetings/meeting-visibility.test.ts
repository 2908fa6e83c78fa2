import { describe, expect, it } from 'vitest';
import { ROLES } from '#core/roles.ts';
import { isVisibleTo } from './meeting-visibility.ts';

const meeting = (targetRoles: string[], targetUsers: string[] = []) => ({ targetRoles, targetUsers });

describe('isVisibleTo', () => {
  it("shows a meeting for 'all' to every role", () => {
    for (const role of ROLES) expect(isVisibleTo(meeting(['all']), { id: 'u1', role })).toBe(true);
  });

  it('shows a role-targeted meeting to that role only (and to admin-capable roles)', () => {
    const m = meeting(['instructor']);
    expect(isVisibleTo(m, { id: 'u1', role: 'instructor' })).toBe(true);
    expect(isVisibleTo(m, { id: 'u1', role: 'student' })).toBe(false);
    expect(isVisibleTo(m, { id: 'u1', role: 'member' })).toBe(false);
    for (const role of ['admin', 'super-admin', 'grandmaster']) expect(isVisibleTo(m, { id: 'u1', role })).toBe(true);
  });

  it('shows a meeting to a user named in targetUsers whatever their role', () => {
    const m = meeting(['instructor'], ['s1']);
    expect(isVisibleTo(m, { id: 's1', role: 'student' })).toBe(true);
    expect(isVisibleTo(m, { id: 's2', role: 'student' })).toBe(false);
  });

  it('shows nothing to nobody', () => {
    expect(isVisibleTo(meeting(['all']), null)).toBe(false);
    expect(isVisibleTo(meeting([], []), { id: 'x', role: 'student' })).toBe(false);
  });
});
