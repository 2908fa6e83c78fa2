import { certificateNumber, newCertificateId } from '#core/certificates/certificate-ids.ts';
import { pdfInputOf, pdfSha256, renderCertificatePdf } from '#core/certificates/certificate-pdf.ts';
import { buildCredential, hashEmail, newSalt } from '#core/certificates/credential.ts';
import { certificates } from '#db/schema/index.ts';
import type { CertifiedAward } from './progression-gradings.ts';
import type { SeedDb } from './types.ts';

/**
 * The finished grading's certificates, built with the certificates slice's pure builders. The seed runs in
 * Node and cannot reach Miniflare's R2, so no PDF is stored: the Worker draws it again from the row when the
 * object is missing (same input, same bytes), and `pdfSha256` here is that drawing's digest (no logo is seeded).
 */
export async function demoCertificates({ origin, schoolName, awards }: { origin: string; schoolName: string; awards: CertifiedAward[] }) {
  const rows: (typeof certificates.$inferInsert)[] = [];
  for (const [i, a] of awards.entries()) {
    const id = newCertificateId();
    const credential = buildCredential({
      id,
      origin,
      issuerName: schoolName,
      holderName: a.holderName,
      emailHash: await hashEmail(a.email, newSalt()),
      rank: a.rank,
      program: { name: 'Karate' },
      issuedOn: a.issuedOn,
      examiners: a.examiners,
      resultNarrative: 'Passed the kyu grading before a panel of three examiners.',
    });
    const row = {
      id,
      number: certificateNumber(Number(a.issuedOn.slice(0, 4)), i + 1),
      studentRankId: a.studentRankId,
      userId: a.userId,
      gradingId: a.gradingId,
      holderName: a.holderName,
      programName: 'Karate',
      rankName: a.rank.name,
      rankId: a.rank.id,
      issuedOn: a.issuedOn,
      issuerName: schoolName,
      examiners: a.examiners,
      credential: credential as unknown as Record<string, unknown>,
      pdfKey: `certificates/${id}.pdf`,
      pdfSha256: '',
    };
    row.pdfSha256 = await pdfSha256(await renderCertificatePdf(pdfInputOf(row, null)));
    rows.push(row);
  }
  return {
    rowCount: rows.length,
    statements: (db: SeedDb) => (rows.length ? [db.insert(certificates).values(rows).onConflictDoNothing()] : []),
  };
}
