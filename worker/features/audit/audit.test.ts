import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '#db/schema/index.ts';
import { settleDeferred } from '#worker/lib/service-context.ts';
import { runScheduledJobs, scheduledContext } from '#worker/scheduled.ts';
import { env } from 'cloudflare:workers';
import type { Bindings } from '#worker/env.ts';
import { api, createUser, testDb, uniq } from '#test/helpers.ts';
import { entriesBy } from './audit.test-helpers.ts';

const GOOD = 'Tatami-Sunrise-77';

describe('the audit log middleware', () => {
  it("records an admin's write with who, what, the target, the outcome and where from, field names only", async () => {
    const [admin, student] = await Promise.all([
      createUser({ role: 'admin', profile: { firstName: 'Ada', lastName: 'Sensei' } }),
      createUser(),
    ]);
    const res = await api(`/api/users/${student.id}`, {
      method: 'PATCH',
      token: admin.token,
      headers: { 'cf-connecting-ip': '203.0.113.9', 'user-agent': 'AuditTest/1.0' },
      body: { password: GOOD, profile: { grade: 'Green belt' } },
    });
    expect(res.status).toBe(200);
    const [entry] = await entriesBy(admin.id);
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorName: 'Ada Sensei',
      actorEmail: admin.email,
      actorRole: 'admin',
      method: 'PATCH',
      route: '/api/users/:id',
      targetType: 'users',
      targetId: student.id,
      summary: 'users: update',
      status: 200,
      ip: '203.0.113.9',
      userAgent: 'AuditTest/1.0',
    });
    expect(entry!.fields.sort()).toEqual(['password', 'profile.grade']);
    expect(JSON.stringify(entry)).not.toContain(GOOD);
    expect(JSON.stringify(entry)).not.toContain('Green belt');
  });

  it('never stores a password, token or secret value, even when the write is refused', async () => {
    const admin = await createUser({ role: 'admin' });
    const secret = `S3cret-${uniq()}`;
    const res = await api('/api/users', {
      method: 'POST',
      token: admin.token,
      body: { email: `x-${uniq()}@example.test`, password: secret, role: 'super-admin', token: secret },
    });
    expect(res.status).toBe(403);
    const [entry] = await entriesBy(admin.id);
    expect(entry).toMatchObject({ method: 'POST', route: '/api/users', status: 403, targetId: null });
    expect(entry!.fields).toEqual(expect.arrayContaining(['password', 'token', 'role', 'email']));
    expect(JSON.stringify(entry)).not.toContain(secret);
  });

  it('records a write the access table refuses an admin-capable caller (403 before the handler)', async () => {
    const grandmaster = await createUser({ role: 'grandmaster' });
    const res = await api('/api/audit-log', { method: 'GET', token: grandmaster.token });
    expect(res.status).toBe(403); // a read: not recorded
    const target = await createUser();
    const write = await api('/api/audit-log/users/' + target.id, { method: 'POST', token: grandmaster.token, body: { password: 'x' } });
    expect(write.status).toBe(404); // no such route: nothing was attempted, nothing recorded
    // Applying to teach is for students and members: the access table answers 403 before any handler reads the body.
    const apply = await api('/api/instructors', {
      method: 'POST',
      token: grandmaster.token,
      body: { instructorType: 'x', secretNote: 'hidden' },
    });
    expect(apply.status).toBe(403);
    const entries = await entriesBy(grandmaster.id);
    expect(entries.map((e) => [e.method, e.route, e.status, e.fields])).toEqual([
      ['POST', '/api/instructors', 403, ['instructorType', 'secretNote']],
    ]);
    expect(JSON.stringify(entries)).not.toContain('hidden');
    expect(entries.some((e) => e.method === 'GET')).toBe(false);
  });

  it("does not record a student's write, nor an admin's read", async () => {
    const [student, admin] = await Promise.all([createUser(), createUser({ role: 'admin' })]);
    await api(`/api/users/${student.id}`, { method: 'PATCH', token: student.token, body: { profile: { timezone: 'America/Toronto' } } });
    await api('/api/users', { token: admin.token });
    expect(await entriesBy(student.id)).toEqual([]);
    expect(await entriesBy(admin.id)).toEqual([]);
  });

  it('records every one of 50 parallel writes', async () => {
    const admin = await createUser({ role: 'admin' });
    const targets = await Promise.all(Array.from({ length: 50 }, () => createUser()));
    const results = await Promise.all(
      targets.map((t) => api(`/api/users/${t.id}`, { method: 'PATCH', token: admin.token, body: { profile: { grade: 'Yellow' } } })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const entries = await entriesBy(admin.id);
    expect(entries).toHaveLength(50);
    expect(new Set(entries.map((e) => e.targetId))).toEqual(new Set(targets.map((t) => t.id)));
  });

  it('prunes entries older than 400 days in the scheduled run, and keeps the rest', async () => {
    const actorId = `old-${uniq()}`;
    const base = {
      actorName: 'Old',
      actorEmail: 'old@example.test',
      actorRole: 'admin',
      method: 'POST',
      route: '/api/x',
      summary: 'x',
      status: 200,
      requestId: 'r',
    };
    const now = new Date();
    await testDb()
      .insert(auditLog)
      .values([
        { ...base, id: `a-${uniq()}`, actorId, createdAt: new Date(now.getTime() - 401 * 86_400_000) },
        { ...base, id: `b-${uniq()}`, actorId, createdAt: new Date(now.getTime() - 399 * 86_400_000) },
      ]);
    await runScheduledJobs(scheduledContext(env as unknown as Bindings), now);
    await settleDeferred();
    const left = await testDb().select().from(auditLog).where(eq(auditLog.actorId, actorId)).all();
    expect(left).toHaveLength(1);
    expect(left[0]!.createdAt.getTime()).toBeGreaterThan(now.getTime() - 400 * 86_400_000);
  });
});
