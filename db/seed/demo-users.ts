import { inArray } from 'drizzle-orm';
import { users } from '#db/schema/index.ts';
import type { SeedDb } from './types.ts';

/** The ids of the demo accounts (made by the accounts seeder) with these e-mails, by e-mail; one missing is simply absent. */
export async function demoUserIds(db: SeedDb, emails: readonly string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [...new Set(emails)]));
  return new Map(rows.map((r) => [r.email, r.id]));
}

/** The demo admin, who authors the school's demo content; null when the accounts seeder did not run. */
export const demoAdminId = async (db: SeedDb) => (await demoUserIds(db, ['admin@dojo.local'])).get('admin@dojo.local') ?? null;
