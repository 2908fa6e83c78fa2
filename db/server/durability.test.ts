// The CLI as a child process: a committed write survives `kill -9`, and SIGTERM closes cleanly.
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createClient } from '@libsql/client/web';
import Database from 'libsql';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from './test-helpers.ts';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
// Node ≥ 23 runs .ts files directly; the project pins Node 24 in node_modules/.bin.
const NODE = Number(process.versions.node.split('.')[0]) >= 23 ? process.execPath : 'node_modules/.bin/node';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Starts `node db/server/main.ts` and resolves with its URL once it prints the ready line. */
function startCli(args: string[], env: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(NODE, [MAIN, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ready line; stderr: ${stderr}`)), 10_000);
    child.once('exit', (code) => reject(new Error(`exited with ${code}; stderr: ${stderr}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const m = /^db\/server listening on (http:\/\/\S+)$/.exec(line);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: m[1] });
      }
    });
  });
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

describe('db/server CLI', () => {
  it('loses no committed write on SIGKILL, and closes cleanly on SIGTERM / SIGINT', async () => {
    const tmp = tempDir();
    try {
      const first = await startCli(['--file', tmp.file, '--port', '0']);
      expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const db = createClient({ url: first.url, intMode: 'bigint' });
      await db.execute('create table belts (id integer primary key, name text not null)');
      for (let i = 0; i < 10; i++) {
        await db.execute({ sql: 'insert into belts (name) values (?)', args: [`belt-${i}`] });
      }
      await db.batch(["insert into belts (name) values ('batch-1')", "insert into belts (name) values ('batch-2')"], 'write');
      const tx = await db.transaction('write');
      await tx.execute("insert into belts (name) values ('tx')");
      await tx.commit();
      // the very last answer has arrived: kill at once, without any chance to checkpoint or close
      first.child.kill('SIGKILL');
      expect(await exited(first.child)).toEqual({ code: null, signal: 'SIGKILL' });
      db.close();
      expect(existsSync(`${tmp.file}-wal`)).toBe(true); // the data lives in the WAL, not checkpointed

      const expected = [...Array.from({ length: 10 }, (_, i) => `belt-${i}`), 'batch-1', 'batch-2', 'tx'];
      for (const signal of ['SIGTERM', 'SIGINT'] as const) {
        const next = await startCli(['--port', '0'], { DB_FILE: tmp.file, DB_HOST: '127.0.0.1' });
        const again = createClient({ url: next.url, intMode: 'bigint' });
        const rows = (await again.execute('select name from belts order by id')).rows.map((r) => r.name);
        expect(rows).toEqual(expected);
        await again.execute({ sql: 'insert into belts (name) values (?)', args: [signal] });
        expected.push(signal);
        const open = await again.transaction('write'); // left open: closing must roll it back, not hang
        await open.execute("insert into belts (name) values ('never')");
        next.child.kill(signal);
        expect(await exited(next.child)).toEqual({ code: 0, signal: null });
        again.close();
        // a clean close checkpoints: the main file alone holds every committed row
        const copy = join(tmp.dir, `copy-${signal}.db`);
        copyFileSync(tmp.file, copy);
        const alone = new Database(copy, { readonly: true });
        expect(alone.prepare('select name from belts order by id').raw(true).all()).toEqual(expected.map((n) => [n]));
        alone.close();
      }
    } finally {
      tmp.cleanup();
    }
  }, 25_000);

  it('refuses a bad port', async () => {
    const child = spawn(NODE, [MAIN, '--port', 'eighty'], { stdio: ['ignore', 'ignore', 'pipe'] });
    children.push(child);
    expect((await exited(child)).code).toBe(2);
  });
});
