import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, type TestUser } from '#test/helpers.ts';
import { FILES, fetchRaw, file } from '#test/file-helpers.ts';
import { signedMaterialUrl } from './material-links.ts';
import { asAdmin, createItem, mySyllabus, statusOf, student } from './syllabus.test-helpers.ts';

type Material = { _id: string; url: string; kind: string; filename: string };
const secret = (env as unknown as { JWT_SECRET: string }).JWT_SECRET;

let admin: TestUser;
let item: { _id: string; materials: Material[] };
let pdf: Material;
let png: Material;
let video: Material;
const pdfBytes = FILES.pdf(300);

beforeAll(async () => {
  admin = await asAdmin();
  item = await createItem(admin, {
    grade: 'white',
    files: [
      ['materials', file(pdfBytes, 'Heian Shodan – notes.pdf')],
      ['materials', file(FILES.png(), 'stance.png')],
      ['materials', file(FILES.mp4(4096), 'demo.mp4')],
    ],
  });
  [pdf, png, video] = item.materials as [Material, Material, Material];
});

const path = (m: Material) => `/api/syllabus/${item._id}/materials/${m._id}`;

describe('GET /api/syllabus/:id/materials/:materialId with a bearer token', () => {
  it('serves a document of the caller’s grade as a private attachment under its name', async () => {
    const s = await student('white');
    const res = await fetchRaw(path(pdf), { token: s.token });
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(pdfBytes);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('private, max-age=600');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('Heian Shodan – notes.pdf')}`);
    expect(res.headers.get('content-length')).toBe('300');
  });

  it('serves images and video inline, and video in ranges', async () => {
    const s = await student('white');
    const image = await fetchRaw(path(png), { token: s.token });
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(FILES.png());
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-disposition')).toBe("inline; filename*=UTF-8''stance.png");
    const part = await fetchRaw(path(video), { token: s.token, headers: { range: 'bytes=0-99' } });
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(FILES.mp4(4096).subarray(0, 100));
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 0-99/4096');
    expect(part.headers.get('content-length')).toBe('100');
    expect(part.headers.get('content-type')).toBe('video/mp4');
  });

  it('answers 404 to a student of another grade, a hidden item, an unknown material, and serves admins anything', async () => {
    for (const s of [await student('yellow'), await student()]) {
      const res = await api(path(pdf), { token: s.token });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, message: 'Material not found' });
    }
    const s = await student('white');
    expect(await statusOf(`/api/syllabus/${item._id}/materials/nope`, s.token)).toBe(404);
    const hidden = await createItem(admin, { grade: 'white', isActive: false });
    expect(await statusOf(`/api/syllabus/${hidden._id}/materials/${hidden.materials[0]._id}`, s.token)).toBe(404);
    for (const role of ['admin', 'grandmaster', 'super-admin'] as const) {
      const a = await createUser({ role });
      expect(await statusOf(path(pdf), a.token)).toBe(200);
      expect(await statusOf(`/api/syllabus/${hidden._id}/materials/${hidden.materials[0]._id}`, a.token)).toBe(200);
    }
  });

  it('answers 401 without a token and without a signature', async () => {
    const res = await api(path(pdf));
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    expect((await api(`/api/syllabus/nope/materials/nope`)).status).toBe(401);
    expect((await api(path(pdf), { token: 'not-a-token' })).status).toBe(401);
  });
});

describe('signed material links (for <a href> without a token)', () => {
  it('lets the link of a my-syllabus answer download without a token', async () => {
    const s = await student('white');
    const listed = await mySyllabus(s.token);
    const mine = listed.body.data.find((i: { _id: string }) => i._id === item._id);
    const link: string = mine.materials[0].url;
    expect(link).toMatch(new RegExp(`^${path(pdf)}\\?uid=${s.id}&exp=\\d+&sig=`));
    const exp = Number(new URL(link, 'http://x').searchParams.get('exp'));
    expect(exp - Date.now() / 1000).toBeGreaterThan(590);
    expect(exp - Date.now() / 1000).toBeLessThanOrEqual(600);
    const res = await fetchRaw(link);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(pdfBytes);
  });

  it('refuses a tampered signature, another user id, another material, or a missing part with 401', async () => {
    const s = await student('white');
    const other = await student('white');
    const link = new URL(
      await signedMaterialUrl(secret, { itemId: item._id, materialId: pdf._id, userId: s.id, tokenVersion: 0 }),
      'http://x',
    );
    expect(await statusOf(link.pathname + link.search)).toBe(200);
    const sig = link.searchParams.get('sig')!;
    const variants = [
      { sig: (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1) },
      { sig: sig.slice(0, -1) },
      { sig: 'x'.repeat(43) },
      { uid: other.id },
      { exp: String(Number(link.searchParams.get('exp')) + 1) },
      { exp: '1e12' },
    ];
    for (const change of variants) {
      const q = new URLSearchParams(link.search);
      for (const [k, v] of Object.entries(change)) q.set(k, v);
      const res = await api(`${link.pathname}?${q}`);
      expect(res.status, JSON.stringify(change)).toBe(401);
      expect(res.body.message).toBe('This download link is not valid');
    }
    expect((await api(`${path(png)}${link.search}`)).status).toBe(401);
    const noSig = new URLSearchParams(link.search);
    noSig.delete('sig');
    expect((await api(`${link.pathname}?${noSig}`)).status).toBe(401);
  });

  it('refuses an expired link', async () => {
    const s = await student('white');
    const old = await signedMaterialUrl(
      secret,
      { itemId: item._id, materialId: pdf._id, userId: s.id, tokenVersion: 0 },
      Date.now() - 601_000,
    );
    const res = await api(old);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('This download link has expired; reload the page to get a new one');
    const future = await signedMaterialUrl(
      secret,
      { itemId: item._id, materialId: pdf._id, userId: s.id, tokenVersion: 0 },
      Date.now() + 3600_000,
    );
    expect(await statusOf(future)).toBe(401);
  });

  it('stops working when the user logs out, and gives 404 once their grade changes', async () => {
    const s = await student('white');
    const link = await signedMaterialUrl(secret, { itemId: item._id, materialId: pdf._id, userId: s.id, tokenVersion: 0 });
    expect(await statusOf(link)).toBe(200);
    await api(`/api/users/${s.id}`, { method: 'PATCH', token: admin.token, body: { profile: { grade: 'orange' } } });
    expect(await statusOf(link)).toBe(404);
    await api(`/api/users/${s.id}`, { method: 'PATCH', token: admin.token, body: { profile: { grade: 'white' } } });
    expect(await statusOf(link)).toBe(200);
    expect(await statusOf('/api/auth/logout', s.token)).toBe(200);
    expect(await statusOf(link)).toBe(401);
  });

  it('a link signed by another secret is refused', async () => {
    const s = await student('white');
    const forged = await signedMaterialUrl('another-secret-another-secret-another-secret', {
      itemId: item._id,
      materialId: pdf._id,
      userId: s.id,
      tokenVersion: 0,
    });
    expect(await statusOf(forged)).toBe(401);
  });
});
