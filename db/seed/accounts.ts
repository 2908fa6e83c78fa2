import initialize from '@phi-ag/argon2/node';
import { Argon2Type, Argon2Version } from '@phi-ag/argon2';
import { inArray } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import { ARGON2_PARAMS } from '#core/password-policy.ts';
import type { Role } from '#core/roles.ts';
import { LOGIN_ID_FOR_ROLE, type LoginIdField } from '#core/users/login-ids.ts';
import { users, type NewUserRow } from '#db/schema/index.ts';
import type { Seeder } from './types.ts';

export const DEMO_PASSWORD = 'Osu-Local-2026';

export type DemoAccount = {
  role: Role;
  email: string;
  loginId?: { column: LoginIdField; value: string };
  loginCall: string;
  profile: NewUserRow['profile'];
  /** A teacher's illustrated portrait (scripts/make-illustrations.ts), by its site path. */
  picture?: string;
};

/** A role that signs in with its own id (STU-0001 style) at POST /api/auth/<role>-login. */
function withLoginId(
  role: 'admin' | 'grandmaster' | 'instructor' | 'student',
  profile: NewUserRow['profile'],
  picture?: string,
): DemoAccount {
  const { field, prefix } = LOGIN_ID_FOR_ROLE[role]!;
  return {
    role,
    email: `${role}@dojo.local`,
    loginId: { column: field, value: `${prefix}-0001` },
    loginCall: `POST /api/auth/${role}-login {${field}, password}`,
    profile,
    ...(picture ? { picture } : {}),
  };
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    role: 'super-admin',
    email: 'superadmin@dojo.local',
    loginCall: 'POST /api/auth/super-admin {email, password}',
    profile: { firstName: 'Sora', lastName: 'Tanaka' },
  },
  withLoginId('admin', { firstName: 'Aiko', lastName: 'Mori' }, '/images/instructor-aiko-mori.svg'),
  withLoginId('grandmaster', { firstName: 'Kenji', lastName: 'Yamada' }, '/images/instructor-kenji-yamada.svg'),
  withLoginId('instructor', { firstName: 'Maya', lastName: 'Ito' }, '/images/instructor-maya-ito.svg'),
  withLoginId('student', { firstName: 'Leo', lastName: 'Park', grade: 'white' }),
  {
    role: 'member',
    email: 'member@dojo.local',
    loginCall: 'POST /api/auth/login {email, password}',
    profile: { firstName: 'Nina', lastName: 'Costa' },
  },
  {
    // Issue 26: a parent with two children (db/seed/families.ts).
    role: 'member',
    email: 'parent@dojo.local',
    loginCall: 'POST /api/auth/login {email, password}',
    profile: { firstName: 'Emi', lastName: 'Sato' },
  },
];

/** The Worker's exact algorithm and parameters (worker/lib/password.ts), so it verifies these hashes. */
async function hasher() {
  const argon2 = await initialize();
  return (password: string) =>
    argon2.hash(password, {
      ...ARGON2_PARAMS,
      type: Argon2Type.Argon2id,
      version: Argon2Version.Version13,
      salt: crypto.getRandomValues(new Uint8Array(16)),
    }).encoded;
}

/** One verified account per role; an account whose e-mail (or login id) already exists is left alone. */
export const accountsSeeder: Seeder = {
  name: 'accounts',
  async run({ db }) {
    const emails = DEMO_ACCOUNTS.map((a) => a.email);
    const existing = new Set((await db.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map((r) => r.email));
    const missing = DEMO_ACCOUNTS.filter((a) => !existing.has(a.email));
    if (!missing.length) return 0;
    const hash = await hasher();
    const rows: NewUserRow[] = missing.map((a) => ({
      id: newId(),
      email: a.email,
      passwordHash: hash(DEMO_PASSWORD),
      role: a.role,
      emailVerified: true,
      profile: a.profile,
      profilePicture: a.picture ?? null,
      ...(a.loginId ? { [a.loginId.column]: a.loginId.value } : {}),
    }));
    const added = await db.insert(users).values(rows).onConflictDoNothing().returning({ id: users.id });
    return added.length;
  },
};
