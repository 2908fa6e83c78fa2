// Shared helpers of the db/server tests (not a test file itself).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDbServer, type DbServer, type DbServerOptions } from './server.ts';

/** A fresh directory under the OS temp dir, and a cleanup function. */
export function tempDir(): { dir: string; file: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'dojo-db-server-'));
  return { dir, file: join(dir, 'test.db'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export type TestServer = DbServer & { file: string; logs: string[]; stop: () => Promise<void> };

/** Starts a server on a free port with a temp database file. */
export async function startTestServer(opts: Partial<DbServerOptions> = {}): Promise<TestServer> {
  const tmp = tempDir();
  const logs: string[] = [];
  const server = await startDbServer({ file: tmp.file, port: 0, log: (l) => logs.push(l), ...opts });
  return {
    ...server,
    file: tmp.file,
    logs,
    stop: async () => {
      await server.close();
      tmp.cleanup();
    },
  };
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export type PipelineJson = {
  baton: string | null;
  base_url: string | null;
  results: { type: 'ok' | 'error'; response?: any; error?: { message: string; code: string } }[];
};

/** POSTs a raw pipeline body; returns the HTTP status and the parsed JSON. */
export async function pipeline(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${url}/v2/pipeline`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, contentType: res.headers.get('content-type'), json: JSON.parse(text) as any, text };
}

/** Shorthand for an execute request. */
export function exec(sql: string, args: unknown[] = [], extra: Record<string, unknown> = {}) {
  return { type: 'execute', stmt: { sql, args, ...extra } };
}
