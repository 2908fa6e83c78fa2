import { describe, expect, it } from 'vitest';
import { certificateNumber, isCertificateId, newCertificateId, parseCertificateNumber } from './certificate-ids.ts';
import { buildCredential, hashEmail, VC_CONTEXT } from './credential.ts';

const input = {
  id: 'k3Jd8s_Qw-1abcdefghijklm',
  origin: 'https://dojo.example/',
  number: 'DOJO-2026-000123',
  schoolName: 'Osu Karate Dojo',
  holderName: 'Zoë Łukasiewicz',
  rankName: 'Orange belt',
  programName: 'Karate',
  issuedOn: '2026-10-20',
  examiners: [
    { name: 'Grace Master', role: 'head' as const, rank: '7th Dan' },
    { name: 'Ian Structor', role: 'panel' as const, rank: null },
  ],
};

describe('certificate ids and numbers', () => {
  it('makes random base64url ids of at least 22 characters', () => {
    const ids = new Set(Array.from({ length: 200 }, newCertificateId));
    expect(ids.size).toBe(200);
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
      expect(isCertificateId(id)).toBe(true);
    }
  });

  it('tells an id from a human number or a path trick', () => {
    expect(isCertificateId('DOJO-2026-000123')).toBe(false);
    expect(isCertificateId('short')).toBe(false);
    expect(isCertificateId('../../../../etc/passwd/xxxxxxx')).toBe(false);
  });

  it('numbers DOJO-YYYY-NNNNNN and reads them back', () => {
    expect(certificateNumber(2026, 123)).toBe('DOJO-2026-000123');
    expect(certificateNumber(2026, 1234567)).toBe('DOJO-2026-1234567');
    expect(parseCertificateNumber('DOJO-2026-000123')).toEqual({ year: 2026, seq: 123 });
    expect(parseCertificateNumber('DOJO-26-1')).toBeNull();
    expect(() => certificateNumber(2026, 0)).toThrow(RangeError);
  });
});

describe('buildCredential', () => {
  it('is an OB 3.0 OpenBadgeCredential identifying the holder by a salted e-mail hash only', async () => {
    const emailHash = await hashEmail(' Zoe@Example.com ', 'c0ffee');
    expect(emailHash.identityHash).toMatch(/^sha256\$[0-9a-f]{64}$/);
    expect(emailHash).toEqual(await hashEmail('zoe@example.com', 'c0ffee'));
    expect((await hashEmail('zoe@example.com', 'other')).identityHash).not.toBe(emailHash.identityHash);

    const vc = buildCredential({
      ...input,
      emailHash,
      rank: { id: 'r1', name: 'Orange belt' },
      program: { name: 'Karate' },
      issuerName: 'Osu Karate Dojo',
    });
    expect(vc['@context'][0]).toBe(VC_CONTEXT);
    expect(vc.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(vc.id).toBe('https://dojo.example/verify/k3Jd8s_Qw-1abcdefghijklm');
    expect(vc.issuer).toMatchObject({ id: 'https://dojo.example/issuer', type: ['Profile'], name: 'Osu Karate Dojo' });
    expect(vc.validFrom).toBe('2026-10-20T00:00:00Z');
    expect(vc.credentialSubject.achievement).toMatchObject({ achievementType: 'Certificate', id: 'https://dojo.example/ranks/r1' });
    expect(vc.credentialSubject.achievement.criteria.narrative).toContain('Grace Master (head examiner, 7th Dan)');
    expect(vc.credentialSubject.identifier[0]).toEqual({
      type: 'IdentityObject',
      identityHash: emailHash.identityHash,
      identityType: 'emailAddress',
      hashed: true,
      salt: 'c0ffee',
    });
    expect(JSON.stringify(vc).toLowerCase()).not.toContain('zoe@example.com');
  });
});
