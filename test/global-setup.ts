import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDbServer } from '#db/server/server.ts';
import { runMigrations } from '#db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    libsqlUrl: string;
  }
}

/** One real libSQL server (db/server) on a free port over a fresh, migrated file for the API tests. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'dojo-test-db-'));
  const server = await startDbServer({ file: join(dir, 'test.db'), port: 0 });
  await runMigrations(server.url);
  project.provide('libsqlUrl', server.url);
  return async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
