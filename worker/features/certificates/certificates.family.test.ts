import { beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, type TestUser } from '#test/helpers.ts';
import { insertChild } from '#test/family-helpers.ts';
import { issuedCertificate } from './certificates.test-helpers.ts';

beforeAll(() => api('/api/health'), 60_000);

/** A no-login child as the certificate fixture's holder (it reads only the id, e-mail and profile). */
const childHolder = async (guardianId: string) => {
  const row = await insertChild(guardianId);
  return { id: row.id, email: row.email, row } as unknown as TestUser;
};

describe('a guardian reads their child’s certificates (issue 26)', () => {
  it('lists (?for=), reads and downloads the child’s; another family’s child is 404 everywhere', async () => {
    const parent = await createUser({ role: 'member' });
    const { cert } = await issuedCertificate({ holder: await childHolder(parent.id) });
    const list = await api(`/api/certificates?for=${cert.userId}`, { token: parent.token });
    expect(list.body.data.map((c: { _id: string }) => c._id)).toEqual([cert.id]);
    expect((await api('/api/certificates', { token: parent.token })).body.data).toEqual([]);
    expect((await api(`/api/certificates/${cert.id}`, { token: parent.token })).status).toBe(200);
    const pdf = await api(`/api/certificates/${cert.id}/pdf`, { token: parent.token });
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);

    const stranger = await createUser({ role: 'member' });
    const theirs = (await issuedCertificate({ holder: await childHolder(stranger.id) })).cert;
    const hidden = await api(`/api/certificates/${theirs.id}`, { token: parent.token });
    expect([hidden.status, hidden.body.message]).toEqual([404, 'Certificate not found']);
    expect((await api(`/api/certificates/${theirs.id}/pdf`, { token: parent.token })).status).toBe(404);
    expect((await api(`/api/certificates?for=${theirs.userId}`, { token: parent.token })).status).toBe(404);
  });
});
