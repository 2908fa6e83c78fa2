import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfInputOf, pdfSha256, renderCertificatePdf } from '#core/certificates/certificate-pdf.ts';
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
    expect(result.added.accounts).toBe(7);
    // every seeder (accounts, then each feature's demo content) adds something to an empty database
    for (const [name, n] of Object.entries(result.added)) expect(n, name).toBeGreaterThan(0);
    const rows = await accounts();
    const byRole = Object.fromEntries(rows.filter((r) => r.email !== 'parent@dojo.local').map((r) => [r.role as string, r]));
    expect(Object.keys(byRole).sort()).toEqual(['admin', 'grandmaster', 'instructor', 'member', 'student', 'super-admin']);
    expect(byRole['super-admin']).toMatchObject({ email: 'superadmin@dojo.local', admin_id: null });
    expect(byRole.admin).toMatchObject({ email: 'admin@dojo.local', admin_id: 'ADM-0001' });
    expect(byRole.grandmaster).toMatchObject({ email: 'grandmaster@dojo.local', grandmaster_id: 'GM-0001' });
    expect(byRole.instructor).toMatchObject({ email: 'instructor@dojo.local', instructor_id: 'INS-0001' });
    expect(byRole.student).toMatchObject({ email: 'student@dojo.local', student_id: 'STU-0001' });
    expect(byRole.member).toMatchObject({ email: 'member@dojo.local', student_id: null });
    expect(JSON.parse(byRole.student!.profile as string)).toMatchObject({ grade: 'orange', firstName: expect.any(String) });
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

  it("seeds the belt progression demo: Leo's history, members near and far, a finished grading with certificates and an open one", async () => {
    const client = createClient({ url: server.url, intMode: 'number' });
    const rows = async (sql: string, args: (string | number)[] = []) => (await client.execute({ sql, args })).rows;
    try {
      const [leo] = await rows("select id, profile from users where email = 'student@dojo.local'");
      const history = await rows(
        'select rank_id, awarded_on, voided_at, supersedes_id from student_ranks where user_id = ? order by awarded_on, created_at',
        [leo!.id as string],
      );
      expect(history.map((r) => r.rank_id)).toEqual([
        'seed-rank-karate-white',
        'seed-rank-karate-yellow',
        'seed-rank-karate-yellow',
        'seed-rank-karate-orange',
      ]);
      expect(history[1]!.voided_at).not.toBeNull();
      expect(history[2]!.supersedes_id).toBe('seed-award-leo-yellow-wrong');
      expect(JSON.parse(leo!.profile as string).grade).toBe('orange');
      const ranked = await rows(
        "select count(distinct u.id) n from users u join student_ranks s on s.user_id = u.id where u.email like '%@members.dojo.local' and s.voided_at is null",
      );
      expect(ranked[0]!.n).toBe(38);
      expect((await rows('select count(*) n from attendance_credits'))[0]!.n).toBeGreaterThan(5);
      expect((await rows('select count(*) n from technique_checks'))[0]!.n).toBeGreaterThan(10);
      expect(await rows('select rank_id from grading_approvals where user_id = ?', [leo!.id as string])).toEqual([
        { rank_id: 'seed-rank-karate-green' },
      ]);

      const finished = await rows(
        "select c.status, c.payment_status from grading_candidates c join gradings g on g.id = c.grading_id where g.status = 'finalized' order by c.status",
      );
      expect(finished.map((c) => c.status)).toEqual(['failed', 'passed', 'passed', 'passed']);
      const graded = await rows(
        "select s.id, s.candidate_id, c.number, c.pdf_sha256 from student_ranks s join certificates c on c.student_rank_id = s.id where s.source = 'grading'",
      );
      expect(graded).toHaveLength(3);
      for (const g of graded) expect(g.number).toMatch(/^DOJO-\d{4}-00000[1-3]$/);
      const [cert] = await rows('select * from certificates limit 1');
      const row = {
        ...cert,
        issuerName: cert!.issuer_name,
        holderName: cert!.holder_name,
        rankName: cert!.rank_name,
        programName: cert!.program_name,
        issuedOn: cert!.issued_on,
        examiners: JSON.parse(cert!.examiners as string),
        credential: JSON.parse(cert!.credential as string),
      };
      // The Worker draws a missing PDF again from the row: the digest the row holds must be that drawing's.
      expect(await pdfSha256(await renderCertificatePdf(pdfInputOf(row as never, null)))).toBe(cert!.pdf_sha256);
      expect(row.credential.issuer.url).toBe('http://127.0.0.1:8787');

      const open = await rows(
        "select c.status, c.payment_status, u.email from grading_candidates c join gradings g on g.id = c.grading_id join users u on u.id = c.user_id where g.status = 'open'",
      );
      expect(open.map((c) => `${c.status}/${c.payment_status}`).sort()).toEqual([
        'invited/none',
        'invited/none',
        'paid/paid',
        'registered/pending',
        'waived/waived',
      ]);
      expect(open.find((c) => c.email === 'student@dojo.local')).toMatchObject({ status: 'invited' });
      const fees = await rows(
        "select p.amount_cents, c.fee_cents from payments p join grading_candidates c on c.id = p.purchase_id and c.paid_by_payment_id = p.id where p.purchase_type = 'grading_fee' and p.status = 'succeeded'",
      );
      expect(fees).toHaveLength(5);
      for (const f of fees) expect(f.amount_cents).toBe(f.fee_cents);
    } finally {
      client.close();
    }
  });

  it('seeds the demo parent with two children of about 9 and 12, who have no login of their own', async () => {
    const client = createClient({ url: server.url, intMode: 'number' });
    try {
      const kids = (
        await client.execute(
          "select c.student_id, c.can_sign_in, c.email, json_extract(c.profile, '$.dateOfBirth') as dob from family_links l join users g on g.id = l.guardian_id join users c on c.id = l.child_id where g.email = 'parent@dojo.local' order by dob desc",
        )
      ).rows;
      expect(kids).toHaveLength(2);
      const ages = kids.map((k) => Math.floor((Date.now() - Date.parse(k.dob as string)) / (365.25 * 86_400_000)));
      expect(ages).toEqual([9, 12]);
      for (const k of kids) {
        expect(k.can_sign_in).toBe(0);
        expect(k.email).toMatch(/@no-login\.invalid$/);
        expect(k.student_id).toMatch(/^STU-\d{4}$/);
      }
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
