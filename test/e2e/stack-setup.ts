import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureClientBuild } from '#scripts/lib/build.ts';
import { startStack } from '#scripts/stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The stack's database, for fixtures no API makes yet (dated class sessions before the sessions feature lands). */
    dbUrl: string;
  }
}

/** The whole local stack (db/server + the built Worker, scripts/worker-host.ts) on a free port over a throw-away data folder, never ./data. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'dojo-e2e-'));
  await ensureClientBuild();
  const stack = await startStack({ port: 0, dataDir, log: () => {} });
  project.provide('baseUrl', stack.url);
  project.provide('dbUrl', stack.dbUrl);
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
