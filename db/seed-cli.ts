import { existsSync, readFileSync } from 'node:fs';
import { seedLocal } from './seed.ts';

const url = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? process.env.LIBSQL_URL;
if (!url) {
  console.error('LIBSQL_URL is not set (e.g. LIBSQL_URL=http://127.0.0.1:8080 npm run db:seed)');
  process.exit(1);
}
const force = process.argv.includes('--force') || process.env.SEED_FORCE === '1';
// The secret `npm start` keeps for the local Worker (scripts/stack.ts), unless JWT_SECRET names another.
const secretFile = new URL('../data/.jwt-secret', import.meta.url);
const jwtSecret = process.env.JWT_SECRET ?? (existsSync(secretFile) ? readFileSync(secretFile, 'utf8').trim() : undefined);
try {
  const { total } = await seedLocal(url, { authToken: process.env.LIBSQL_AUTH_TOKEN, force, jwtSecret });
  console.log(`seeded ${url}: ${total} rows added`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
