import { eq, sql } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import type { Db } from '#db/client.ts';
import { certificates, studentRanks, users, type CertificateExaminer } from '#db/schema/index.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';

// INTERIM, to be replaced by progression's `awardStatements` and certificates' `prepareCertificates`
// (worker/lib/progression, worker/lib/certificates) when i25-progression and i25-certificates land.

export type Award = {
  id: string;
  userId: string;
  programId: string;
  rankId: string;
  awardedOn: string;
  candidateId: string;
  awardedBy: string;
  gradeKey: string | null;
};

/** The ledger row of a grading award and the profile's grade set to the rank's gradeKey, as statements of one batch. */
export const awardStatements = (db: Db, a: Award) => [
  db.insert(studentRanks).values({
    id: a.id,
    userId: a.userId,
    programId: a.programId,
    rankId: a.rankId,
    awardedOn: a.awardedOn,
    source: 'grading',
    candidateId: a.candidateId,
    awardedBy: a.awardedBy,
  }),
  ...(a.gradeKey
    ? [
        db
          .update(users)
          .set({ profile: sql`json_set(${users.profile}, '$.grade', ${a.gradeKey})` })
          .where(eq(users.id, a.userId)),
      ]
    : []),
];

export type CertificateItem = {
  studentRankId: string;
  userId: string;
  gradingId: string;
  holderName: string;
  email: string;
  programName: string;
  rankName: string;
  rankId: string;
  issuedOn: string;
  examiners: CertificateExaminer[];
};

/** Certificate rows for a batch, numbered after the year's highest; PDFs are put before the batch. */
export async function prepareCertificates(ctx: ServiceCtx, items: readonly CertificateItem[]) {
  const year = new Date().getUTCFullYear();
  const prefix = `DOJO-${year}-`;
  const top = await ctx.db
    .select({ n: sql<number>`coalesce(max(cast(substr(${certificates.number}, ${prefix.length + 1}) as integer)), 0)` })
    .from(certificates)
    .where(sql`${certificates.number} glob ${`${prefix}[0-9]*`}`)
    .get();
  const rows = items.map((item, i) => {
    const id = newId() + newId().slice(-6);
    return {
      id,
      number: `${prefix}${String((top?.n ?? 0) + i + 1).padStart(6, '0')}`,
      studentRankId: item.studentRankId,
      userId: item.userId,
      gradingId: item.gradingId,
      holderName: item.holderName,
      programName: item.programName,
      rankName: item.rankName,
      rankId: item.rankId,
      issuedOn: item.issuedOn,
      issuerName: 'Dojo',
      examiners: item.examiners,
      credential: {},
      pdfKey: `certificates/${id}.pdf`,
      pdfSha256: '',
    } satisfies typeof certificates.$inferInsert;
  });
  return { rows, putPdfs: async () => {} };
}
