import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startChild } from './child.ts';

const node = (code: string) => startChild('probe', process.execPath, ['-e', code]);
/** Running, and not a zombie waiting for a reaper (containers often lack one). */
const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

describe('startChild', () => {
  it('waits for a ready line and stops the child and what it spawned', async () => {
    const child = node(`
      const { spawn } = require('node:child_process');
      const grandchild = spawn(process.execPath, ['-e', 'process.on("SIGTERM", () => {}); setInterval(() => {}, 1000)'], { stdio: 'ignore' });
      console.log('ready ' + grandchild.pid);
      setInterval(() => {}, 1000);
    `);
    const grandchild = Number((await child.waitForLine(/^ready (\d+)$/, 10_000))[1]);
    expect(alive(grandchild)).toBe(true);
    await child.stop(500);
    expect(child.isRunning()).toBe(false);
    await expect.poll(() => alive(grandchild), { timeout: 2000 }).toBe(false);
  });

  it('rejects with the output when the child exits before it is ready', async () => {
    const child = node(`console.error('cannot open the database'); process.exit(3)`);
    await expect(child.waitForLine(/ready/, 10_000)).rejects.toThrow(/probe exited \(3\) before it was ready:\ncannot open the database/);
  });

  it('kills a child that ignores SIGTERM after the grace period', async () => {
    const child = node(`process.on('SIGTERM', () => {}); console.log('up'); setInterval(() => {}, 1000)`);
    await child.waitForLine(/^up$/, 10_000);
    const started = Date.now();
    await child.stop(300);
    expect(await child.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
