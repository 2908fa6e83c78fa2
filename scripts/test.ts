import { spawnSync } from 'node:child_process';
import { ROOT, bin, childEnv } from './lib/paths.ts';

/** `npm test`: build the client (the e2e stack serves it), then every vitest project; exits with vitest's code. */
const run = (tool: string, args: string[]) =>
  spawnSync(process.execPath, [bin(tool), ...args], { cwd: ROOT, env: childEnv(), stdio: 'inherit' }).status ?? 1;

const built =
  spawnSync(process.execPath, [bin('vite'), 'build'], { cwd: ROOT, env: childEnv({ NODE_ENV: 'production' }), stdio: 'inherit' }).status ??
  1;
if (built !== 0) process.exit(built);
process.exit(run('vitest', ['run', ...process.argv.slice(2)]));
