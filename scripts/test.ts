import { spawn, spawnSync } from 'node:child_process';
import { ROOT, bin, childEnv } from './lib/paths.ts';

/**
 * `npm test`: build the client (the e2e stack serves it), then every vitest project; exits non-zero if any failed.
 *
 * A whole run is two vitest processes side by side: the browser files (one at a time, mostly waiting on Chromium
 * and their own stack) and everything else. In one process vitest runs the one-file-at-a-time projects only
 * after the parallel ones, so the browser files waited ~7 minutes for the Worker files while a core sat idle.
 * A run narrowed by arguments (a project, a file) stays one process.
 */
const args = process.argv.slice(2);

const built =
  spawnSync(process.execPath, [bin('vite'), 'build'], { cwd: ROOT, env: childEnv({ NODE_ENV: 'production' }), stdio: 'inherit' }).status ??
  1;
if (built !== 0) process.exit(built);

const vitest = (more: string[]) =>
  new Promise<number>((resolve) => {
    const child = spawn(process.execPath, [bin('vitest'), 'run', ...more], { cwd: ROOT, env: childEnv(), stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const narrowed = args.some((a) => a.startsWith('--project') || !a.startsWith('-'));
const codes = narrowed
  ? [await vitest(args)]
  : await Promise.all([vitest(['--project', '!e2e', ...args]), vitest(['--project', 'e2e', ...args])]);
process.exit(codes.find((c) => c !== 0) ?? 0);
