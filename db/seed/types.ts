import type { LibSQLDatabase } from 'drizzle-orm/libsql';
import type * as schema from '#db/schema/index.ts';

export type SeedDb = LibSQLDatabase<typeof schema>;
export type SeedContext = { db: SeedDb; log: (line: string) => void };

/** One area of demo content. `run` must be idempotent and answers how many rows it added. */
export type Seeder = { name: string; run: (ctx: SeedContext) => Promise<number> };
