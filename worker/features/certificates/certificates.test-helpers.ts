import { profileName } from '#core/users/person-name.ts';
import { certificates, type CertificateRow } from '#db/schema/index.ts';
import { issueWithRetry, type CertificateItem } from '#worker/lib/certificates/prepare.ts';
import { createUser, testServiceCtx, type TestUser } from '#test/helpers.ts';
import { awardRank, insertProgram } from '#test/progression-helpers.ts';

/** A student holding rank 2 of a fresh program, and the certificate of that award, issued as finalize issues it. */
export async function issuedCertificate(opts: { holder?: TestUser; issuedOn?: string } = {}) {
  const holder =
    opts.holder ??
    (await createUser({
      role: 'student',
      email: `zoe.holder.${crypto.randomUUID().slice(0, 8)}@private.example`,
      profile: { firstName: 'Zoë', lastName: 'Holder', dateOfBirth: '2013-04-05' },
    }));
  const { program, ranks } = await insertProgram();
  const issuedOn = opts.issuedOn ?? '2026-10-20';
  const award = await awardRank(holder.id, program.id, ranks[1]!.id, issuedOn, { source: 'grading' });
  const item: CertificateItem = {
    studentRankId: award.id,
    userId: holder.id,
    email: holder.email,
    holderName: profileName(holder.row.profile),
    rank: { id: ranks[1]!.id, name: ranks[1]!.name },
    programName: program.name,
    issuedOn,
    examiners: [
      { name: 'Grace Master', role: 'head', rank: '7th Dan' },
      { name: 'Ian Structor', role: 'panel', rank: '3rd Dan' },
    ],
  };
  const ctx = testServiceCtx();
  const [cert] = await issueWithRetry(ctx, [item], (prepared) => ctx.db.insert(certificates).values(prepared.rows).returning());
  return { holder, program, rank: ranks[1]!, cert: cert as CertificateRow, item };
}
