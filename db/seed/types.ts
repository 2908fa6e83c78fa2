import type { LibSQLDatabase } from 'drizzle-orm/libsql';
import type * as schema from '#db/schema/index.ts';

export type SeedDb = LibSQLDatabase<typeof schema>;
export type SeedContext = {
  db: SeedDb;
  log: (line: string) => void;
  /** The Worker's JWT_SECRET, when the caller knows it: keyed hashes the Worker checks (the demo kiosk PIN) need it. */
  jwtSecret?: string;
  /** The site's origin (the demo certificates' verify address). */
  origin?: string;
};

/** One area of demo content. `run` must be idempotent and answers how many rows it added. */
export type Seeder = { name: string; run: (ctx: SeedContext) => Promise<number> };
