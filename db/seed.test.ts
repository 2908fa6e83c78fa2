import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRADES } from '#core/syllabus/grades.ts';
import { runMigrations } from './migrate.ts';
import { isLocalUrl, seedLocal } from './seed.ts';
import { startTestServer, type TestServer } from './server/test-helpers.ts';

let server: TestServer;
const quiet = () => {};

beforeAll(async () => {
  server = await startTestServer();
  await runMigrations(server.url);
}, 60_000);

afterAll(() => server?.stop());

/** The demo accounts to sign in with (the class members of db/seed/class-members.ts have their own domain). */
async function accounts() {
  const client = createClient({ url: server.url, intMode: 'number' });
  try {
    const sql =
      "select email, role, email_verified, admin_id, grandmaster_id, instructor_id, student_id, profile, password_hash from users where email like '%@dojo.local' order by email";
    return (await client.execute(sql)).rows;
  } finally {
    client.close();
  }
}

describe('seedLocal', () => {
  it('creates one verified demo account per role with its login id', { timeout: 60_000 }, async () => {
    const result = await seedLocal(server.url, { log: quiet });
    expect(result.added.accounts).toBe(6);
    // every seeder (accounts, then each feature's demo content) adds something to an empty database
    for (const [name, n] of Object.entries(result.added)) expect(n, name).toBeGreaterThan(0);
    const rows = await accounts();
    const byRole = Object.fromEntries(rows.map((r) => [r.role as string, r]));
    expect(Object.keys(byRole).sort()).toEqual(['admin', 'grandmaster', 'instructor', 'member', 'student', 'super-admin']);
    expect(byRole['super-admin']).toMatchObject({ email: 'superadmin@dojo.local', admin_id: null });
    expect(byRole.admin).toMatchObject({ email: 'admin@dojo.local', admin_id: 'ADM-0001' });
    expect(byRole.grandmaster).toMatchObject({ email: 'grandmaster@dojo.local', grandmaster_id: 'GM-0001' });
    expect(byRole.instructor).toMatchObject({ email: 'instructor@dojo.local', instructor_id: 'INS-0001' });
    expect(byRole.student).toMatchObject({ email: 'student@dojo.local', student_id: 'STU-0001' });
    expect(byRole.member).toMatchObject({ email: 'member@dojo.local', student_id: null });
    expect(JSON.parse(byRole.student!.profile as string)).toMatchObject({ grade: 'white', firstName: expect.any(String) });
    for (const row of rows) {
      expect(row.email_verified).toBe(1);
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    }
  });

  it('seeds the karate ladder with the 17 grades in order and the kids ladder moving up to karate at 13', async () => {
    const client = createClient({ url: server.url, intMode: 'number' });
    try {
      const ladder = async (slug: string) =>
        (
          await client.execute({
            sql: 'select r.* from ranks r join programs p on p.id = r.program_id where p.slug = ? order by r.position',
            args: [slug],
          })
        ).rows;
      const karate = await ladder('karate');
      expect(karate.map((r) => r.grade_key)).toEqual([...GRADES]);
      expect(karate.map((r) => r.position)).toEqual(GRADES.map((_, i) => i + 1));
      expect(karate.slice(0, 3).map((r) => r.name)).toEqual(['White belt', 'Yellow belt', 'Orange belt']);
      expect(karate.at(-1)).toMatchObject({ name: '10th Dan', kind: 'dan' });
      const kids = await ladder('kids');
      expect(kids).toHaveLength(10);
      for (const r of kids) expect(karate.map((k) => k.id)).toContain(r.age_upgrade_rank_id);
      const yellow = (
        await client.execute({
          sql: 'select type, mode, value from rank_requirements where rank_id = ? order by position',
          args: [karate[1]!.id as string],
        })
      ).rows;
      expect(yellow.map((r) => r.type)).toEqual(['min_days', 'min_classes', 'techniques_passed', 'min_attendance_rate']);
      const techniques = (
        await client.execute({ sql: 'select syllabus_item_id from rank_techniques where rank_id = ?', args: [karate[1]!.id as string] })
      ).rows;
      expect(techniques.map((t) => t.syllabus_item_id)).toContain('seed-syllabus-yellow-kata');
    } finally {
      client.close();
    }
  });

  it('adds nothing when run a second time', { timeout: 60_000 }, async () => {
    const before = await accounts();
    const result = await seedLocal(server.url, { log: quiet });
    expect(result.total).toBe(0);
    for (const [name, n] of Object.entries(result.added)) expect(n, name).toBe(0);
    expect(await accounts()).toEqual(before);
  });

  it('refuses a remote database unless forced', async () => {
    await expect(seedLocal('libsql://dojo-prod.turso.io', { log: quiet })).rejects.toThrow(
      /Refusing to seed libsql:\/\/dojo-prod\.turso\.io.*--force or SEED_FORCE=1/,
    );
    expect(isLocalUrl('https://10.0.0.5:8080')).toBe(false);
    expect(isLocalUrl('http://localhost.evil.example')).toBe(false);
    for (const local of ['http://127.0.0.1:8080', 'http://localhost:1', 'http://[::1]:8080', 'file:data/dojo.db'])
      expect(isLocalUrl(local)).toBe(true);
  });
});
