import { env, exports } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { createLocalJWKSet, decodeProtectedHeader, exportJWK, generateKeyPair, jwtVerify, SignJWT, type JWK } from 'jose';
import { correction, generate } from 'lean-qr';
import { describe, expect, it } from 'vitest';
import { pdfSha256 } from '#core/certificates/certificate-pdf.ts';
import { certificateNumber } from '#core/certificates/certificate-ids.ts';
import { OB_CONTEXT, VC_CONTEXT } from '#core/certificates/credential.ts';
import { DEFAULT_SETTINGS } from '#core/settings/settings-schemas.ts';
import { certificates, SETTINGS_ID, siteSettings } from '#db/schema/index.ts';
import type { Bindings } from '#worker/env.ts';
import { issueWithRetry } from '#worker/lib/certificates/prepare.ts';
import { publicJwks, signCredential, SIGNING_UNAVAILABLE } from '#worker/lib/certificates/signing.ts';
import { pdfQrModules, pdfTexts } from '#test/certificate-pdf-reading.ts';
import { makePng } from '#test/fixtures/uploads.ts';
import { api, createUser, testDb, testServiceCtx } from '#test/helpers.ts';
import { issuedCertificate } from './certificates.test-helpers.ts';

const storage = () => (env as unknown as Bindings).UPLOADS;
const VC_JWT = { accept: 'application/vc+jwt' };

const raw = (path: string, headers: Record<string, string> = {}) => api(path, { headers });

async function pdfOf(id: string, token: string) {
  const res = await exports.default.fetch(
    new Request(`http://dojo.test/api/certificates/${id}/pdf`, { headers: { authorization: `Bearer ${token}` } }),
  );
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const shaOnPage = (html: string) => /<code class="verify-hash">([0-9a-f]{64})<\/code>/.exec(html)?.[1];

async function jwks() {
  const res = await api('/.well-known/jwks.json');
  expect(res.status).toBe(200);
  return createLocalJWKSet(res.body as { keys: JWK[] });
}

describe('the VC-JWT at /verify/:id', () => {
  it('is an OB 3.0 OpenBadgeCredential signed RS256 that verifies against the JWKS the Worker serves', async () => {
    const { cert } = await issuedCertificate();
    const res = await raw(`/verify/${cert.id}`, VC_JWT);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vc+jwt');
    const jwt = res.body as string;
    const header = decodeProtectedHeader(jwt);
    expect(header).toMatchObject({ alg: 'RS256', typ: 'vc+jwt' });
    expect(header.kid).toMatch(/^http:\/\/dojo\.test\/\.well-known\/jwks\.json#[A-Za-z0-9_-]{43}$/);

    const { payload } = await jwtVerify(jwt, await jwks(), { algorithms: ['RS256'] });
    const vc = payload as unknown as Record<string, any>;
    expect(vc['@context']).toEqual([VC_CONTEXT, OB_CONTEXT]);
    expect(vc.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(vc.credentialSubject.achievement.achievementType).toBe('Certificate');
    expect(payload.iss).toBe(vc.issuer.id);
    expect(vc.issuer.id).toBe('http://dojo.test/issuer');
    expect(payload.jti).toBe(vc.id);
    expect(vc.id).toBe(`http://dojo.test/verify/${cert.id}`);
    expect(payload.nbf).toBe(Date.parse(vc.validFrom) / 1000);

    const issuer = await api('/issuer');
    expect(issuer.body).toMatchObject({ id: vc.issuer.id, type: ['Profile'] });
    const ld = await raw(`/verify/${cert.id}`, { accept: 'application/ld+json' });
    expect(ld.headers.get('content-type')).toBe('application/ld+json');
    expect(ld.body).toEqual(cert.credential);
  });

  it('fails verification when one byte changes, or when another key signed it', async () => {
    const { cert } = await issuedCertificate();
    const jwt = (await raw(`/verify/${cert.id}`, VC_JWT)).body as string;
    const keys = await jwks();
    const [h, p, s] = jwt.split('.') as [string, string, string];
    const i = Math.floor(p.length / 2);
    const altered = `${h}.${p.slice(0, i)}${p[i] === 'A' ? 'B' : 'A'}${p.slice(i + 1)}.${s}`;
    await expect(jwtVerify(altered, keys)).rejects.toThrow();
    const j = 10;
    const badSig = `${h}.${p}.${s.slice(0, j)}${s[j] === 'A' ? 'B' : 'A'}${s.slice(j + 1)}`;
    await expect(jwtVerify(badSig, keys)).rejects.toThrow();
    await expect(jwtVerify(jwt, keys)).resolves.toBeTruthy();

    const other = await generateKeyPair('RS256');
    const forged = await new SignJWT(JSON.parse(atob(p.replace(/-/g, '+').replace(/_/g, '/'))))
      .setProtectedHeader(decodeProtectedHeader(jwt) as { alg: string })
      .sign(other.privateKey);
    await expect(jwtVerify(forged, keys)).rejects.toThrow(/signature verification failed/);
    // the forger's own public key is not what the Worker publishes
    expect(JSON.stringify((await api('/.well-known/jwks.json')).body)).not.toContain((await exportJWK(other.publicKey)).n);
  });

  it('is refused with 503 rather than signed with no key', async () => {
    const { cert } = await issuedCertificate();
    const ctx = testServiceCtx();
    const keyless = { ...ctx, config: { ...ctx.config, CERTIFICATE_SIGNING_KEY: undefined } };
    await expect(signCredential(keyless, cert.credential as never)).rejects.toMatchObject({ status: 503, message: SIGNING_UNAVAILABLE });
    await expect(publicJwks(keyless)).rejects.toMatchObject({ status: 503 });
  });
});

describe('GET /verify/:id (the public page)', () => {
  it('shows status, holder, rank, program, date, issuer, examiners and the PDF SHA-256, with no script and no e-mail or birth date', async () => {
    const { cert, holder, program, rank } = await issuedCertificate();
    const res = await raw(`/verify/${cert.id}`);
    expect(res.status).toBe(200);
    const html = res.body as string;
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('vary')).toMatch(/accept/i);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('data-island');
    for (const part of [
      'Valid certificate',
      'Zoë Holder',
      rank.name,
      program.name,
      'October 20, 2026',
      'Grace Master',
      'head examiner',
      'Ian Structor',
      cert.number,
      'dojo.test',
    ])
      expect(html).toContain(part);
    expect(shaOnPage(html)).toBe(cert.pdfSha256);
    expect(html.toLowerCase()).not.toContain(holder.email.toLowerCase());
    expect(html).not.toContain('2013-04-05');
    expect(html).not.toMatch(/April 2013/);
  });

  it('says Superseded for a replaced certificate, and hands out no credential for it', async () => {
    const { cert } = await issuedCertificate();
    await testDb().update(certificates).set({ status: 'superseded' }).where(eq(certificates.id, cert.id));
    const html = (await raw(`/verify/${cert.id}`)).body as string;
    expect(html).toContain('Superseded');
    expect(html).not.toContain('Valid certificate');
    expect((await raw(`/verify/${cert.id}`, VC_JWT)).status).toBe(410);
  });

  it('answers 404 for an unknown id, a human number, and junk', async () => {
    const { cert } = await issuedCertificate();
    for (const path of [`/verify/${'x'.repeat(24)}`, `/verify/${cert.number}`, '/verify/short', `/verify/${cert.id}x`]) {
      const res = await raw(path);
      expect(res.status, path).toBe(404);
    }
    expect((await raw(`/verify/${cert.number}`, VC_JWT)).status).toBe(404);
  });
});

describe('the certificate PDF', () => {
  it('is a PDF whose SHA-256 is the one on the verify page, whose QR holds the verify address, without the e-mail', async () => {
    const { cert, holder } = await issuedCertificate();
    const pdf = await pdfOf(cert.id, holder.token);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode(pdf.bytes.slice(0, 5))).toBe('%PDF-');
    const page = (await raw(`/verify/${cert.id}`)).body as string;
    expect(await pdfSha256(pdf.bytes)).toBe(shaOnPage(page));

    const url = `http://dojo.test/verify/${cert.id}`;
    const code = generate(url, { minCorrectionLevel: correction.M });
    const grid = await pdfQrModules(pdf.bytes);
    expect(grid.length).toBe(code.size + 8);
    for (let y = 0; y < code.size; y++) for (let x = 0; x < code.size; x++) expect(grid[y + 4]![x + 4], `${x},${y}`).toBe(code.get(x, y));

    const text = (await pdfTexts(pdf.bytes)).join('\n');
    for (const part of ['Zoë Holder', cert.rankName, cert.programName, '20 October 2026', 'Grace Master', cert.number, url])
      expect(text).toContain(part);
    const everything = (new TextDecoder('latin1').decode(pdf.bytes) + text).toLowerCase();
    expect(everything).not.toContain(holder.email.toLowerCase());
    expect(everything).not.toContain('2013-04-05');
  });

  it('is drawn again with the same bytes when R2 lost it', async () => {
    const { cert, holder } = await issuedCertificate();
    const first = await pdfOf(cert.id, holder.token);
    await storage().delete(cert.pdfKey);
    expect(await storage().get(cert.pdfKey)).toBeNull();
    const again = await pdfOf(cert.id, holder.token);
    expect(again.status).toBe(200);
    expect(again.bytes).toEqual(first.bytes);
    expect(await storage().head(cert.pdfKey)).not.toBeNull();
  });

  it('is drawn again with the logo it was issued with (or none) after the school changed its logo', async () => {
    const setLogo = async (width: number) => {
      const key = `settings/test-logo-${crypto.randomUUID()}.png`;
      await storage().put(key, await makePng(width, 2));
      await testDb()
        .insert(siteSettings)
        .values({ id: SETTINGS_ID, schoolName: DEFAULT_SETTINGS.schoolName, logoKey: key })
        .onConflictDoUpdate({ target: siteSettings.id, set: { logoKey: key } });
    };
    const [before] = await testDb().select({ logoKey: siteSettings.logoKey }).from(siteSettings).where(eq(siteSettings.id, SETTINGS_ID));
    try {
      await testDb().update(siteSettings).set({ logoKey: null }).where(eq(siteSettings.id, SETTINGS_ID));
      const plain = await issuedCertificate();
      expect(plain.cert.logoSha256).toBeNull();
      const plainPdf = await pdfOf(plain.cert.id, plain.holder.token);
      await setLogo(3);
      const { cert, holder } = await issuedCertificate();
      expect(cert.logoSha256).toMatch(/^[0-9a-f]{64}$/);
      const first = await pdfOf(cert.id, holder.token);
      await setLogo(5);
      await storage().delete(cert.pdfKey);
      const again = await pdfOf(cert.id, holder.token);
      expect(again.status).toBe(200);
      expect(again.bytes).toEqual(first.bytes);
      await storage().delete(plain.cert.pdfKey);
      expect((await pdfOf(plain.cert.id, plain.holder.token)).bytes).toEqual(plainPdf.bytes);
    } finally {
      await testDb()
        .update(siteSettings)
        .set({ logoKey: before?.logoKey ?? null })
        .where(eq(siteSettings.id, SETTINGS_ID));
    }
  });

  it('answers 503 rather than a PDF with another fingerprint when it cannot be rebuilt', async () => {
    const { cert, holder } = await issuedCertificate();
    await storage().delete(cert.pdfKey);
    await testDb()
      .update(certificates)
      .set({ pdfSha256: '0'.repeat(64) })
      .where(eq(certificates.id, cert.id));
    expect((await pdfOf(cert.id, holder.token)).status).toBe(503);
  });

  it('is the holder’s and staff’s only: another student 404, anonymous 401', async () => {
    const { cert } = await issuedCertificate();
    const other = await createUser({ role: 'student' });
    const member = await createUser({ role: 'member' });
    const instructor = await createUser({ role: 'instructor' });
    expect((await pdfOf(cert.id, other.token)).status).toBe(404);
    expect((await pdfOf(cert.id, member.token)).status).toBe(404);
    expect((await api(`/api/certificates/${cert.id}`, { token: other.token })).status).toBe(404);
    expect((await pdfOf(cert.id, instructor.token)).status).toBe(200);
    expect((await api(`/api/certificates/${cert.id}/pdf`)).status).toBe(401);
  });
});

describe('the certificates API', () => {
  it('lists a student’s own certificates only; staff list anyone’s; never an e-mail', async () => {
    const { cert, holder } = await issuedCertificate();
    await issuedCertificate();
    const own = await api('/api/certificates', { token: holder.token });
    expect(own.status).toBe(200);
    expect(own.body.data.map((c: { _id: string }) => c._id)).toEqual([cert.id]);
    expect(own.body.data[0]).toMatchObject({
      number: cert.number,
      status: 'valid',
      verifyUrl: `http://dojo.test/verify/${cert.id}`,
      pdfUrl: `/api/certificates/${cert.id}/pdf`,
      pdfSha256: cert.pdfSha256,
    });
    expect(JSON.stringify(own.body).toLowerCase()).not.toContain(holder.email.toLowerCase());
    const admin = await createUser({ role: 'admin' });
    const forHolder = await api(`/api/certificates?userId=${holder.id}`, { token: admin.token });
    expect(forHolder.body.data.map((c: { _id: string }) => c._id)).toEqual([cert.id]);
    // a student's userId filter cannot reach someone else's
    const other = await createUser({ role: 'student' });
    expect((await api(`/api/certificates?userId=${holder.id}`, { token: other.token })).body.data).toEqual([]);
  });

  it('revokes with a reason (admin-capable): the page says Revoked, the credential is gone, a second revoke 409', async () => {
    const { cert, holder } = await issuedCertificate();
    const admin = await createUser({ role: 'grandmaster' });
    const instructor = await createUser({ role: 'instructor' });
    const path = `/api/certificates/${cert.id}/revoke`;
    expect((await api(path, { body: { reason: 'x' }, token: holder.token })).status).toBe(403);
    expect((await api(path, { body: { reason: 'x' }, token: instructor.token })).status).toBe(403);
    const noReason = await api(path, { body: { reason: ' ' }, token: admin.token });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('reason is required');

    const [a, b] = await Promise.all([
      api(path, { body: { reason: 'Awarded in error' }, token: admin.token }),
      api(path, { body: { reason: 'Awarded in error' }, token: admin.token }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const done = a.status === 200 ? a : b;
    expect(done.body.data).toMatchObject({ status: 'revoked', revocationReason: 'Awarded in error' });

    const page = (await raw(`/verify/${cert.id}`)).body as string;
    expect(page).toContain('Revoked');
    expect(page).not.toContain('Valid certificate');
    expect((await raw(`/verify/${cert.id}`, VC_JWT)).status).toBe(410);
    expect((await api(`/api/certificates/${'y'.repeat(24)}/revoke`, { body: { reason: 'x' }, token: admin.token })).status).toBe(404);
  });
});

describe('prepareCertificates', () => {
  it('numbers two concurrent issues of one year apart (the unique index and a retry)', async () => {
    const one = await issuedCertificate({ issuedOn: '2031-03-01' });
    const ctx = testServiceCtx();
    const insert = (rows: (typeof certificates.$inferInsert)[]) => ctx.db.insert(certificates).values(rows).returning();
    const { item: a } = await issuedCertificate({ issuedOn: '2031-03-02' }).then(async (x) => {
      await testDb().delete(certificates).where(eq(certificates.id, x.cert.id));
      return x;
    });
    const { item: b } = await issuedCertificate({ issuedOn: '2031-03-03' }).then(async (x) => {
      await testDb().delete(certificates).where(eq(certificates.id, x.cert.id));
      return x;
    });
    const [ra, rb] = await Promise.all([issueWithRetry(ctx, [a], (p) => insert(p.rows)), issueWithRetry(ctx, [b], (p) => insert(p.rows))]);
    const numbers = [one.cert.number, ra[0]!.number, rb[0]!.number].sort();
    expect(new Set(numbers).size).toBe(3);
    expect(numbers[0]).toMatch(/^DOJO-2031-\d{6}$/);
    expect(numbers).toContain(certificateNumber(2031, Number(one.cert.number.slice(10)) + 1));
  });
});
