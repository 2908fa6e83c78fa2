import { describe, expect, it } from 'vitest';
import { INVALID_ROLE_MESSAGE, isAdminCapable, isRole, PANEL_BY_ROLE, ROLES } from './roles.ts';

describe('roles', () => {
  it('counts admin, super-admin and grandmaster as admin-capable, and nobody else', () => {
    expect(ROLES.filter(isAdminCapable)).toEqual(['grandmaster', 'admin', 'super-admin']);
    expect(isAdminCapable(undefined)).toBe(false);
  });

  it('names every role in the invalid-role message, in the spec order', () => {
    expect(INVALID_ROLE_MESSAGE).toBe('Invalid role. Must be one of: student, member, instructor, grandmaster, admin, super-admin');
  });

  it('recognises only the six roles and sends each to a panel', () => {
    expect(isRole('admin')).toBe(true);
    expect(isRole('root')).toBe(false);
    for (const role of ROLES) expect(PANEL_BY_ROLE[role]).toMatch(/^\/[a-z-]+$/);
  });
});
