import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { createDb } from './client.ts';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Applies drizzle-kit's migrations in db/migrations to any libSQL server (local, sqld or Turso). */
export async function runMigrations(url: string, authToken?: string): Promise<void> {
  const db = createDb({ url, authToken, timeoutMs: 60_000 });
  try {
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    db.$libsql.close();
  }
}

if (import.meta.main) {
  const url = process.env.LIBSQL_URL;
  if (!url) {
    console.error('LIBSQL_URL is not set (e.g. LIBSQL_URL=http://127.0.0.1:8080 npm run db:migrate)');
    process.exit(1);
  }
  await runMigrations(url, process.env.LIBSQL_AUTH_TOKEN);
  console.log(`migrations applied to ${url}`);
}
