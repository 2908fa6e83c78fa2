import type { Role } from '#core/roles.ts';

/** The caller, as loaded from the database on every authenticated request. */
export type AuthUser = {
  id: string;
  email: string;
  role: Role;
  emailVerified: boolean;
  tokenVersion: number;
};

export const NO_TOKEN = 'Not authorized, no token';
