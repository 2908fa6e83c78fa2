import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDbServer } from './server.ts';

let dir: string;
let server: Awaited<ReturnType<typeof startDbServer>>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dojo-abort-'));
  server = await startDbServer({ file: join(dir, 'abort.db'), port: 0 });
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const pipeline = (sql: string) =>
  fetch(`${server.url}/v2/pipeline`, {
    method: 'POST',
    body: JSON.stringify({ baton: null, requests: [{ type: 'execute', stmt: { sql } }, { type: 'close' }] }),
  });

it('survives a client that disconnects in the middle of a request body, and keeps answering', async () => {
  const { port } = new URL(server.url);
  for (let i = 0; i < 5; i++) {
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /v2/pipeline HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"baton":null,`,
        );
        setTimeout(() => socket.destroy(), 20);
      });
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
  }
  const res = await pipeline('select 41 + 1');
  expect(res.status).toBe(200);
  const body = (await res.json()) as { results: { response: { result: { rows: { value: string }[][] } } }[] };
  expect(body.results[0]!.response.result.rows[0]![0]!.value).toBe('42');
});
