import { createClient } from '@libsql/client';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newId } from '#core/ids.ts';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { signToken } from '#worker/lib/jwt.ts';
import { measure, warmUp } from './bench/latency.ts';
import { startStack } from './stack.ts';

/**
 * `node scripts/bench-realtime.ts`: issue 12's realtime budgets on loopback. (1) A message a student
 * sends through the API, timed until the admin's open socket has it, over 500 messages, beside
 * GET /api/health's p99 under 20 connections in the same run. (2) A broadcast to 1,000 members of whom
 * 200 have a socket open: delivered count and time to the last delivery. Measures; asserts nothing.
 */
const MESSAGES = 500;
const MEMBERS = 1000;
const ONLINE = 200;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

type Socket = { ws: WebSocket; frames: { type: string; data?: any; at: number }[] };

/** A socket to the user's room, authenticated by the spec's authenticate frame (never a token in the URL). */
async function open(url: string, user: { id: string; role: string }, token: string): Promise<Socket> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/parties/user/${user.id}`);
  const s: Socket = { ws, frames: [] };
  ws.addEventListener('open', () => ws.send(JSON.stringify({ type: 'authenticate', userId: user.id, userRole: user.role, token })));
  await new Promise<void>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('socket did not authenticate in 20 s')), 20_000);
    ws.addEventListener('message', (e) => {
      const f = JSON.parse(String(e.data));
      s.frames.push({ ...f, at: performance.now() });
      if (f.type === 'authenticated') {
        clearTimeout(t);
        resolve();
      }
    });
    ws.addEventListener('error', () => reject(new Error('socket error')));
  });
  return s;
}

async function post(url: string, path: string, token: string, body: unknown) {
  const res = await fetch(`${url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as any };
}

const dataDir = mkdtempSync(join(tmpdir(), 'dojo-bench-rt-'));
// 500 messages from one student in a minute are far over the product's per-sender limit, which is not what is measured.
const stack = await startStack({ port: 0, dataDir, log: () => {}, settings: { RATE_LIMIT_MESSAGE_USER: '100000/60' } });
try {
  const secret = readFileSync(join(dataDir, '.jwt-secret'), 'utf8').trim();
  const login = async (path: string, creds: Record<string, string>) =>
    (await post(stack.url, `/auth/${path}`, '', { ...creds, password: DEMO_PASSWORD })).body;
  const admin = await login('admin-login', { adminId: 'ADM-0001' });
  const student = await login('student-login', { studentId: 'STU-0001' });
  const adminSocket = await open(stack.url, { id: admin.user._id, role: admin.user.role }, admin.token);

  // (1) message → the admin's socket
  await warmUp([{ url: `${stack.url}/api/health` }], 3);
  const latencies: number[] = [];
  let lost = 0;
  for (let i = 0; i < MESSAGES; i++) {
    const content = `bench message ${i} ${newId()}`;
    const started = performance.now();
    const sent = await post(stack.url, '/messages/send', student.token, { content });
    if (sent.status !== 201 && sent.status !== 200) throw new Error(`send answered ${sent.status}: ${JSON.stringify(sent.body)}`);
    const deadline = started + 10_000;
    let frame;
    while (
      !(frame = adminSocket.frames.find((f) => f.type === 'new_message' && f.data?.message?.content === content)) &&
      performance.now() < deadline
    )
      await new Promise((r) => setTimeout(r, 1));
    if (frame) latencies.push(frame.at - started);
    else lost++;
    adminSocket.frames.length = 0;
  }
  const health = await measure(`${stack.url}/api/health`);
  latencies.sort((a, b) => a - b);
  const p50 = pct(latencies, 50);
  const p99 = pct(latencies, 99);
  console.log(`\nmessage → admin socket, ${MESSAGES} messages: p50 ${p50.toFixed(1)} / p99 ${p99.toFixed(1)} ms, lost ${lost}`);
  console.log(`GET /api/health in the same run (20 connections): p50 ${health.p50} / p99 ${health.p99} ms`);
  console.log(`message p99 / health p99: ${(p99 / health.p99).toFixed(2)} (budget < 5)`);

  // (2) broadcast to 1,000 members, 200 online
  const db = createClient({ url: stack.dbUrl, intMode: 'number' });
  const hash = (await db.execute("select password_hash from users where email = 'member@dojo.local'")).rows[0]!.password_hash as string;
  const members = Array.from({ length: MEMBERS }, (_, i) => ({
    id: newId(),
    email: `bench-member-${i}-${newId().slice(-6)}@example.test`,
  }));
  await db.batch(
    members.map((m) => ({
      sql: "insert into users (id, email, password_hash, role, profile) values (?, ?, ?, 'member', '{}')",
      args: [m.id, m.email, hash],
    })),
    'write',
  );
  db.close();
  const sockets = await Promise.all(
    members
      .slice(0, ONLINE)
      .map(async (m) => open(stack.url, { id: m.id, role: 'member' }, await signToken({ sub: m.id, role: 'member', tv: 0 }, secret, 3600))),
  );
  const started = performance.now();
  const sent = await post(stack.url, '/messages/admin/broadcast', admin.token, {
    content: 'Dojo closed on Monday',
    targetRoles: ['member'],
  });
  const answered = performance.now() - started;
  const deadline = started + 60_000;
  const got = () => sockets.filter((s) => s.frames.some((f) => f.type === 'new_broadcast'));
  while (got().length < ONLINE && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  const last = Math.max(...got().map((s) => s.frames.find((f) => f.type === 'new_broadcast')!.at)) - started;
  console.log(
    `broadcast to ${sent.body?.data?.recipientCount ?? sent.body?.recipientCount ?? '?'} recipients (${MEMBERS} bench members + the seed's), ${ONLINE} online: ` +
      `answered ${sent.status} in ${answered.toFixed(0)} ms, delivered to ${got().length}/${ONLINE} sockets, last delivery ${last.toFixed(0)} ms after the call`,
  );
  for (const s of [...sockets, adminSocket]) s.ws.close();
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
