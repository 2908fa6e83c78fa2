import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createInterface } from 'node:readline';

export type Exit = { code: number | null; signal: NodeJS.Signals | null };
export type Child = {
  name: string;
  proc: ChildProcess;
  exited: Promise<Exit>;
  isRunning: () => boolean;
  /** The last lines the child printed (stdout and stderr), for error messages. */
  output: () => string;
  waitForLine: (pattern: RegExp, timeoutMs: number) => Promise<RegExpMatchArray>;
  stop: (graceMs?: number) => Promise<void>;
};

const running = new Set<Child>();
let exitHookInstalled = false;

/** Each child leads its own process group, so one signal also reaches what it spawned (wrangler → workerd). */
function killGroup(proc: ChildProcess, signal: NodeJS.Signals) {
  if (proc.pid === undefined) return;
  try {
    process.kill(-proc.pid, signal);
  } catch {
    /* already gone */
  }
}

function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of running) killGroup(child.proc, 'SIGKILL');
  });
}

export function startChild(
  name: string,
  command: string,
  args: string[],
  opts: SpawnOptions & { onLine?: (line: string) => void } = {},
): Child {
  installExitHook();
  const proc = spawn(command, args, { ...opts, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const tail: string[] = [];
  const listeners = new Set<(line: string) => void>();
  const onLine = (line: string) => {
    tail.push(line);
    if (tail.length > 200) tail.shift();
    opts.onLine?.(line);
    for (const l of listeners) l(line);
  };
  for (const stream of [proc.stdout, proc.stderr]) if (stream) createInterface({ input: stream }).on('line', onLine);

  let alive = true;
  const exited = new Promise<Exit>((resolve) => {
    proc.on('error', (err) => onLine(`${name}: ${err.message}`));
    proc.on('close', (code, signal) => {
      alive = false;
      running.delete(child);
      resolve({ code, signal });
    });
  });

  const output = () => tail.join('\n');
  const waitForLine = (pattern: RegExp, timeoutMs: number) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const done = (fn: () => void) => {
        clearTimeout(timer);
        listeners.delete(check);
        fn();
      };
      const check = (line: string) => {
        const m = line.match(pattern);
        if (m) done(() => resolve(m));
      };
      const timer = setTimeout(
        () => done(() => reject(new Error(`${name} did not print ${pattern} within ${timeoutMs} ms:\n${output()}`))),
        timeoutMs,
      );
      listeners.add(check);
      for (const line of tail) check(line);
      void exited.then((e) => done(() => reject(new Error(`${name} exited (${e.signal ?? e.code}) before it was ready:\n${output()}`))));
    });

  const stop = async (graceMs = 5000) => {
    if (alive) {
      killGroup(proc, 'SIGTERM');
      const timer = setTimeout(() => killGroup(proc, 'SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    }
    killGroup(proc, 'SIGKILL');
  };

  const child: Child = { name, proc, exited, isRunning: () => alive, output, waitForLine, stop };
  running.add(child);
  return child;
}
