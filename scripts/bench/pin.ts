import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';
import type { Stack } from '#scripts/stack.ts';

/**
 * workerd runs every request of the Worker on one thread. On this 2-core machine the load generator
 * (autocannon, in this process) and db/server are two more busy processes, and wherever the scheduler
 * put one of them on workerd's core the run lost throughput: in back-to-back runs of the same build,
 * /api/auth/me p50 was 9–11 ms pinned against 16–20 ms unpinned (a bench run: 12 against 17 ms). So
 * workerd's JavaScript thread gets core 0 and the load generator core 1, as if the load came from
 * another machine; db/server floats (pinned beside the load generator its tail grew).
 * `--unpinned` measures the shared case.
 */
export type Pinning = { pinned: boolean; detail: string };

/** Children of `parent` whose command name is `comm` (Linux /proc). */
export function childrenNamed(parent: number, comm: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may hold spaces, so read around its parentheses
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === parent && name === comm) found.push(Number(entry));
    } catch {
      /* the process ended while we looked */
    }
  }
  return found;
}

/** `allThreads` false pins the process's main thread only: threads it starts later still inherit it. */
const pin = (pid: number, cpus: string, allThreads = true) =>
  execFileSync('taskset', [...(allThreads ? ['-a'] : []), '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });

export function pinCores(pids: Stack['pids'], wanted: boolean): Pinning {
  if (!wanted) return { pinned: false, detail: 'unpinned (--unpinned): workerd, db/server and autocannon share the cores' };
  const cores = availableParallelism();
  if (process.platform !== 'linux' || cores < 2) return { pinned: false, detail: `unpinned: needs Linux and 2 cores (${cores} here)` };
  const workerd = pids.workerHost ? childrenNamed(pids.workerHost, 'workerd') : [];
  if (workerd.length !== 1) return { pinned: false, detail: 'unpinned: workerd process not found' };
  const rest = cores === 2 ? '1' : `1-${cores - 1}`;
  try {
    // The main thread runs the JavaScript; V8's GC helper threads stay free to use the other core.
    pin(workerd[0]!, '0', false);
    // db/server floats: it serves workerd, and confined with the load generator it made the tail longer.
    for (const pid of [process.pid, pids.workerHost]) if (pid) pin(pid, rest);
  } catch (err) {
    return { pinned: false, detail: `unpinned: taskset failed (${(err as Error).message})` };
  }
  return {
    pinned: true,
    detail: `workerd's JavaScript thread on core 0; autocannon and the Miniflare host on core ${rest}; db/server on either`,
  };
}
