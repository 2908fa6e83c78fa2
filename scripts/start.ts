import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { ensureClientBuild } from './lib/build.ts';
import { operatorSettings } from './lib/worker-settings.ts';
import { startStack, type Stack } from './stack.ts';

function accountsTable(): string {
  const rows = DEMO_ACCOUNTS.map((a) => [a.role, a.email, a.loginId?.value ?? '–', a.loginCall]);
  const all = [['role', 'e-mail', 'login id', 'login call'], ...rows];
  const widths = all[0]!.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  return all.map((r) => ('  ' + r.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')).trimEnd()).join('\n');
}

let stack: Stack | undefined;
let stopping = false;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  console.log('\nstopping…');
  await stack?.stop();
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  await ensureClientBuild();
  const settings = operatorSettings();
  stack = await startStack({
    port: Number(process.env.PORT ?? 8787),
    db: settings.LIBSQL_URL ? { url: settings.LIBSQL_URL, authToken: settings.LIBSQL_AUTH_TOKEN } : undefined,
    settings,
    scheduled: true,
    onOutput: (_name, line) => console.log(line),
    onUnexpectedExit: () => void shutdown(1),
  });
  console.log(`\nDojo is running at ${stack.url}  (database ${stack.dbUrl})\n`);
  console.log(`Demo accounts, password ${DEMO_PASSWORD}:\n${accountsTable()}\n`);
  console.log('Press Ctrl-C to stop.');
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
