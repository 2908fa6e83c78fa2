import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { WAIVER_MESSAGES } from '#core/waivers/waiver-options.ts';
import { FAMILY_MESSAGES } from '#core/family/family-options.ts';
import { emailOutbox, familyLinks, waiverSignatures, waiverVersions } from '#db/schema/index.ts';
import { pdfTexts } from '#test/certificate-pdf-reading.ts';
import { insertChild } from '#test/family-helpers.ts';
import { api, createUser, testDb, uniq } from '#test/helpers.ts';
import { bytesSha256 } from '#core/pdf/pdf-text.ts';
import { sha256Hex } from '#worker/lib/digest.ts';
import { settleDeferred } from '#worker/lib/service-context.ts';
import { adminToken, createWaiver, dataUrl, download, pngUrl, sign, signingBody, svgUrl } from './waivers.test-helpers.ts';

const bucket = () => (env as unknown as { UPLOADS: R2Bucket }).UPLOADS;
const signaturesOf = (documentId: string) => testDb().select().from(waiverSignatures).where(eq(waiverSignatures.documentId, documentId));
const objectsOf = async (signatureId: string) =>
  (await bucket().list({ prefix: `waivers/${signatureId}` })).objects.map((o) => o.key).sort();

// The first request of a file starts the worker and hashes the test password: not a test's time.
beforeAll(async () => {
  await createWaiver(await adminToken());
}, 60_000);

describe('waiver documents', () => {
  it('publishes version 1 with the SHA-256 of its exact text, for the admin-capable only', async () => {
    const admin = await adminToken();
    const body = '# Terms\n\nTrain safely.  \n';
    const res = await api('/api/waivers', { method: 'POST', token: admin, body: { title: '  Release  ', body } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      title: 'Release',
      currentVersion: 1,
      isActive: true,
      required: false,
      current: { version: 1, body, bodySha256: await sha256Hex(body) },
      signedCount: 0,
      missingCount: expect.any(Number),
    });
    const student = await createUser();
    expect((await api('/api/waivers', { method: 'POST', token: student.token, body: { title: 'x', body: 'y' } })).status).toBe(403);
    const bad = await api('/api/waivers', { method: 'POST', token: admin, body: { title: '', body: '   ' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['body', 'title']);
  });

  it('a new body publishes version n+1 and leaves the old text as it was; the same body or a title publishes nothing', async () => {
    const admin = await adminToken();
    const doc = await createWaiver(admin);
    const v2 = await api(`/api/waivers/${doc._id}`, { method: 'PUT', token: admin, body: { body: 'Version two' } });
    expect(v2.body.data).toMatchObject({ currentVersion: 2, current: { version: 2, body: 'Version two' } });
    const again = await api(`/api/waivers/${doc._id}`, { method: 'PUT', token: admin, body: { body: 'Version two', title: 'Renamed' } });
    expect(again.body.data).toMatchObject({ currentVersion: 2, title: 'Renamed' });
    const versions = await api(`/api/waivers/${doc._id}/versions`, { token: admin });
    expect(versions.body.data.map((v: { version: number; body: string }) => [v.version, v.body])).toEqual([
      [2, 'Version two'],
      [1, doc.current.body],
    ]);
    expect(versions.body.data[1].bodySha256).toBe(doc.current.bodySha256);
  });

  it('two parallel edits publish two versions with two numbers', async () => {
    const admin = await adminToken();
    const doc = await createWaiver(admin);
    const [a, b] = await Promise.all(
      ['Edit A', 'Edit B'].map((body) => api(`/api/waivers/${doc._id}`, { method: 'PUT', token: admin, body: { body } })),
    );
    expect([a!.status, b!.status]).toEqual([200, 200]);
    const rows = await testDb().select().from(waiverVersions).where(eq(waiverVersions.documentId, doc._id));
    expect(rows.map((r) => r.version).sort()).toEqual([1, 2, 3]);
    expect(
      rows
        .filter((r) => r.version > 1)
        .map((r) => r.body)
        .sort(),
    ).toEqual(['Edit A', 'Edit B']);
    expect((await api(`/api/waivers/${doc._id}`, { token: admin })).body.data.currentVersion).toBe(3);
  });

  it('people see active documents without counts; an inactive one is hidden from them but not from the admin', async () => {
    const admin = await adminToken();
    const doc = await createWaiver(admin);
    const student = await createUser();
    const seen = await api(`/api/waivers/${doc._id}`, { token: student.token });
    expect(seen.status).toBe(200);
    expect(seen.body.data).not.toHaveProperty('missingCount');
    await api(`/api/waivers/${doc._id}`, { method: 'PUT', token: admin, body: { isActive: false } });
    expect((await api(`/api/waivers/${doc._id}`, { token: student.token })).status).toBe(404);
    expect((await api('/api/waivers', { token: student.token })).body.data.map((d: { _id: string }) => d._id)).not.toContain(doc._id);
    expect((await api('/api/waivers', { token: admin })).body.data.map((d: { _id: string }) => d._id)).toContain(doc._id);
    expect((await api(`/api/waivers/${doc._id}/versions`, { token: student.token })).status).toBe(403);
  });
});

describe('POST /api/waivers/:id/sign', () => {
  it('a typed signature stores the hash, time, IP, user agent and signer, and a PDF with them in R2', async () => {
    const admin = await adminToken();
    const doc = await createWaiver(admin);
    const student = await createUser({ profile: { firstName: 'Leo', lastName: 'Tanaka' } });
    const res = await sign(student.token, doc._id, await signingBody(doc.current.body), {
      'cf-connecting-ip': '203.0.113.7',
      'user-agent': 'WaiverTest/1.0',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      documentId: doc._id,
      version: 1,
      signedFor: { _id: student.id, name: 'Leo Tanaka' },
      signedBy: { _id: student.id, name: 'Leo Tanaka' },
      typedName: 'Leo Tanaka',
      signerCapacity: 'self',
      signatureKind: 'typed',
      textSha256: doc.current.bodySha256,
      current: true,
      pdfUrl: `/api/waivers/signatures/${res.body.data._id}/pdf`,
    });
    expect(res.body.data).not.toHaveProperty('ip');
    const [row] = await signaturesOf(doc._id);
    expect(row).toMatchObject({ ip: '203.0.113.7', userAgent: 'WaiverTest/1.0', signedBy: student.id, signatureKey: null });
    expect(await objectsOf(row!.id)).toEqual([`waivers/${row!.id}.pdf`]);
    const pdf = await download(res.body.data.pdfUrl, student.token);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = pdf.bytes;
    expect(await bytesSha256(bytes)).toBe(row!.pdfSha256);
    const texts = (await pdfTexts(bytes)).join('\n');
    for (const part of [
      'Release of liability',
      'Typed name: Leo Tanaka',
      `Text SHA-256: ${doc.current.bodySha256}`,
      'IP address: 203.0.113.7',
      'User agent: WaiverTest/1.0',
    ]) {
      expect(texts).toContain(part);
    }
    const staffView = await api(`/api/waivers/${doc._id}/signatures`, { token: admin });
    expect(staffView.body.data[0]).toMatchObject({ ip: '203.0.113.7', userAgent: 'WaiverTest/1.0' });
  });

  it('a drawn SVG is drawn as vector paths and kept; a PNG is embedded and kept', async () => {
    const admin = await adminToken();
    const doc = await createWaiver(admin);
    for (const [signature, kind] of [
      [svgUrl(), 'svg'],
      [pngUrl(), 'png'],
    ] as const) {
      const student = await createUser();
      const res = await sign(student.token, doc._id, await signingBody(doc.current.body, { signature }));
      expect(res.status).toBe(201);
      expect(res.body.data.signatureKind).toBe(kind);
      const id = res.body.data._id as string;
      expect(await objectsOf(id)).toEqual([`waivers/${id}-signature.${kind}`, `waivers/${id}.pdf`]);
      const stored = await bucket().get(`waivers/${id}-signature.${kind}`);
      expect(stored?.httpMetadata?.contentType).toBe(kind === 'svg' ? 'image/svg+xml' : 'image/png');
    }
  });

  const refusals: [string, Record<string, unknown>, number, string][] = [
    ['not agreed', { agree: false }, 400, WAIVER_MESSAGES.mustAgree],
    ['no agree at all', { agree: undefined }, 400, WAIVER_MESSAGES.mustAgree],
    ['no typed name', { typedName: '   ' }, 400, WAIVER_MESSAGES.typedNameRequired],
    ['an oversized image', { signature: dataUrl('image/png', new Uint8Array(100_001)) }, 413, WAIVER_MESSAGES.signatureTooLarge],
    ['text pretending to be an image', { signature: 'data:text/plain;base64,aGVsbG8=' }, 400, WAIVER_MESSAGES.signatureNotImage],
    [
      'a PNG with the wrong magic',
      { signature: dataUrl('image/png', 'GIF89a not a png at all, really not') },
      400,
      WAIVER_MESSAGES.signatureNotImage,
    ],
    [
      'an SVG with a script',
      { signature: svgUrl('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script></svg>') },
      400,
      WAIVER_MESSAGES.signatureNotImage,
    ],
    [
      'an SVG with foreignObject',
      { signature: svgUrl('<svg viewBox="0 0 10 10"><foreignObject><p>x</p></foreignObject></svg>') },
      400,
      WAIVER_MESSAGES.signatureNotImage,
    ],
    [
      'an SVG with an event attribute',
      { signature: svgUrl('<svg viewBox="0 0 10 10" onload="alert(1)"><path d="M0 0L1 1"/></svg>') },
      400,
      WAIVER_MESSAGES.signatureNotImage,
    ],
    [
      'an SVG with an external href',
      { signature: svgUrl('<svg viewBox="0 0 10 10"><path d="M0 0L1 1" href="https://evil.example/x"/></svg>') },
      400,
      WAIVER_MESSAGES.signatureNotImage,
    ],
    [
      'an SVG with an external image',
      { signature: svgUrl('<svg viewBox="0 0 10 10"><image href="https://evil.example/x.png"/></svg>') },
      400,
      WAIVER_MESSAGES.signatureNotImage,
    ],
    [
      'an SVG with an entity',
      { signature: svgUrl('<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg viewBox="0 0 10 10"><path d="&x;"/></svg>') },
      400,
      WAIVER_MESSAGES.signatureNotImage,
    ],
  ];
  for (const [what, change, status, message] of refusals) {
    it(`refuses ${what} (${status}) and stores nothing`, async () => {
      const admin = await adminToken();
      const doc = await createWaiver(admin);
      const student = await createUser();
      const res = await sign(student.token, doc._id, { ...(await signingBody(doc.current.body)), ...change });
      expect(res.status).toBe(status);
      expect(JSON.stringify(res.body)).toContain(message);
      expect(await signaturesOf(doc._id)).toHaveLength(0);
    });
  }

  it('refuses the text of an old version with 409 naming the version to read', async () => {
    const admin = await adminToken();
    const doc = await createWaiver(admin);
    await api(`/api/waivers/${doc._id}`, { method: 'PUT', token: admin, body: { body: 'New text' } });
    const student = await createUser();
    const res = await sign(student.token, doc._id, await signingBody(doc.current.body));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, message: WAIVER_MESSAGES.textChanged, details: { documentId: doc._id, version: 2 } });
    expect((await sign(student.token, doc._id, await signingBody('New text'))).status).toBe(201);
  });

  it('the same version twice for the same person is refused, also when both arrive at once', async () => {
    const admin = await adminToken();
    const doc = await createWaiver(admin);
    const student = await createUser();
    const body = await signingBody(doc.current.body);
    const [a, b] = await Promise.all([sign(student.token, doc._id, body), sign(student.token, doc._id, body)]);
    expect([a!.status, b!.status].sort()).toEqual([201, 409]);
    const again = await sign(student.token, doc._id, body);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(WAIVER_MESSAGES.alreadySigned);
    const rows = await signaturesOf(doc._id);
    expect(rows).toHaveLength(1);
    expect(await objectsOf(rows[0]!.id)).toEqual([`waivers/${rows[0]!.id}.pdf`]);
  });

  it('a guardian signs for their child as Parent or guardian; for a child of another family: 403', async () => {
    const admin = await adminToken();
    const doc = await createWaiver(admin);
    const guardian = await createUser({ role: 'member', profile: { firstName: 'Mia', lastName: 'Parent' } });
    const child = await insertChild(guardian.id, { firstName: 'Sam', lastName: 'Parent' });
    const stranger = await createUser();
    const refused = await sign(stranger.token, doc._id, await signingBody(doc.current.body, { signedFor: child.id }));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(FAMILY_MESSAGES.notYourChild);
    const res = await sign(guardian.token, doc._id, await signingBody(doc.current.body, { signedFor: child.id, typedName: 'Mia Parent' }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      signedFor: { _id: child.id, name: 'Sam Parent' },
      signedBy: { _id: guardian.id, name: 'Mia Parent' },
      signerCapacity: 'Parent or guardian',
    });
    const texts = (await pdfTexts(new Uint8Array(await (await bucket().get(`waivers/${res.body.data._id}.pdf`))!.arrayBuffer()))).join(
      '\n',
    );
    expect(texts).toContain('Signed for: Sam Parent');
    expect(texts).toContain('Signed by: Mia Parent (Parent or guardian)');
  });

  it('an unknown document: 404', async () => {
    const student = await createUser();
    expect((await sign(student.token, 'nope', await signingBody('x'))).status).toBe(404);
  });
});

describe('GET /api/waivers/signatures/:id/pdf', () => {
  it('the signer, the person signed for, their other guardian and staff get it; anyone else 404', async () => {
    const admin = await adminToken();
    const doc = await createWaiver(admin);
    const guardian = await createUser({ role: 'member' });
    const child = await insertChild(guardian.id);
    const coGuardian = await createUser({ role: 'member' });
    await testDb().insert(familyLinks).values({ guardianId: coGuardian.id, childId: child.id, relationship: 'Parent' });
    const res = await sign(guardian.token, doc._id, await signingBody(doc.current.body, { signedFor: child.id }));
    const url = res.body.data.pdfUrl as string;
    for (const token of [guardian.token, coGuardian.token, admin, (await createUser({ role: 'instructor' })).token]) {
      const pdf = await download(url, token);
      expect(pdf.status).toBe(200);
      expect(new TextDecoder().decode(pdf.bytes.slice(0, 5))).toBe('%PDF-');
    }
    expect((await download(url, (await createUser()).token)).status).toBe(404);
    expect((await download(url)).status).toBe(401);
    expect((await download('/api/waivers/signatures/nope/pdf', admin)).status).toBe(404);

    const self = await createUser();
    const own = await sign(self.token, doc._id, await signingBody(doc.current.body));
    expect((await download(own.body.data.pdfUrl, self.token)).status).toBe(200);
  });
});

describe('a signed PDF lost from R2', () => {
  it('is drawn again from the row, byte for byte (typed and drawn), and stored again', async () => {
    const admin = await adminToken();
    const doc = await createWaiver(admin);
    for (const more of [{}, { signature: svgUrl() }]) {
      const student = await createUser();
      const res = await sign(student.token, doc._id, await signingBody(doc.current.body, more));
      const id = res.body.data._id as string;
      const [row] = await testDb().select().from(waiverSignatures).where(eq(waiverSignatures.id, id));
      await bucket().delete(`waivers/${id}.pdf`);
      const pdf = await download(res.body.data.pdfUrl, student.token);
      expect(pdf.status).toBe(200);
      expect(await bytesSha256(pdf.bytes)).toBe(row!.pdfSha256);
      expect(await bucket().head(`waivers/${id}.pdf`)).not.toBeNull();
    }
  });

  it('is refused with 503 when what it was drawn from changed', async () => {
    const admin = await adminToken();
    const doc = await createWaiver(admin);
    const student = await createUser();
    const res = await sign(student.token, doc._id, await signingBody(doc.current.body));
    await bucket().delete(`waivers/${res.body.data._id}.pdf`);
    await api(`/api/waivers/${doc._id}`, { method: 'PUT', token: admin, body: { title: 'Renamed since' } });
    expect((await download(res.body.data.pdfUrl, student.token)).status).toBe(503);
  });
});

describe('GET /api/waivers/status', () => {
  it('answers for me or my child, never for someone else’s', async () => {
    const guardian = await createUser({ role: 'member' });
    const child = await insertChild(guardian.id, { firstName: 'Ana', lastName: 'Kid' });
    const mine = await api(`/api/waivers/status?for=${child.id}`, { token: guardian.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data.people.map((p: { userId: string; name: string }) => [p.userId, p.name])).toEqual([
      [guardian.id, 'Test member'],
      [child.id, 'Ana Kid'],
    ]);
    expect((await api(`/api/waivers/status?for=${child.id}`, { token: (await createUser()).token })).status).toBe(404);
  });
});

describe('admin: signatures and reminders', () => {
  it('lists who signed a version and who is missing the current one, with the version they last signed', async () => {
    const admin = await adminToken();
    const doc = await createWaiver(admin);
    const tag = uniq();
    const signer = await createUser({ email: `signer-${tag}@example.test` });
    const missing = await createUser({ email: `missing-${tag}@example.test` });
    await sign(signer.token, doc._id, await signingBody(doc.current.body));
    const list = (q: string) => api(`/api/waivers/${doc._id}/signatures?${q}`, { token: admin });
    const signed = await list('status=signed');
    expect(signed.body.data.map((s: { signedFor: { _id: string } }) => s.signedFor._id)).toEqual([signer.id]);
    const before = await list(`status=missing&search=${tag}`);
    expect(before.body.data).toEqual([
      { userId: missing.id, name: 'Test student', email: missing.email, studentId: null, lastSignedVersion: null, remindedAt: null },
    ]);
    await api(`/api/waivers/${doc._id}`, { method: 'PUT', token: admin, body: { body: 'Second version' } });
    const after = await list(`status=missing&search=${tag}`);
    expect(
      after.body.data.map((m: { userId: string; lastSignedVersion: number | null }) => [m.userId, m.lastSignedVersion]).sort(),
    ).toEqual(
      [
        [missing.id, null],
        [signer.id, 1],
      ].sort(),
    );
    expect((await list('status=signed&version=1')).body.data[0]).toMatchObject({ version: 1, current: false });
    expect((await list('status=signed')).body.data).toEqual([]);
    expect((await list('status=signed&version=9')).status).toBe(404);
    expect((await api(`/api/waivers/${doc._id}/signatures`, { token: signer.token })).status).toBe(403);
  });

  it('e-mails the missing (a child’s guardians for a child without a login), at most once per person and version a day', async () => {
    const admin = await adminToken();
    const doc = await createWaiver(admin);
    const student = await createUser();
    const guardian = await createUser({ role: 'member' });
    const child = await insertChild(guardian.id);
    const signed = await createUser();
    await sign(signed.token, doc._id, await signingBody(doc.current.body));
    const remind = () =>
      api(`/api/waivers/${doc._id}/reminders`, {
        method: 'POST',
        token: admin,
        body: { userIds: [student.id, child.id, signed.id, 'nobody'] },
      });
    const [first, second] = await Promise.all([remind(), remind()]);
    expect([first!.body.data.sent, second!.body.data.sent].sort()).toEqual([0, 2]);
    expect(first!.body.data.sent + first!.body.data.skipped).toBe(4);
    await settleDeferred();
    const mails = (to: string) =>
      testDb()
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, 'waiver-reminder')));
    expect(await mails(student.email)).toHaveLength(1);
    const toGuardian = await mails(guardian.email);
    expect(toGuardian).toHaveLength(1);
    expect(toGuardian[0]!.text).toContain(`for=${child.id}`);
    expect(await mails(signed.email)).toHaveLength(0);
    const later = await api(`/api/waivers/${doc._id}/signatures?status=missing&search=${student.email}`, { token: admin });
    expect(later.body.data[0].remindedAt).toEqual(expect.stringMatching(/^\d{4}-/));
  });
});
