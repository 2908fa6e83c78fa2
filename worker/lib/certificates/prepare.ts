import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { certificateNumber, newCertificateId } from '#core/certificates/certificate-ids.ts';
import { pdfInputOf, pdfSha256, renderCertificatePdf } from '#core/certificates/certificate-pdf.ts';
import { buildCredential, hashEmail, newSalt } from '#core/certificates/credential.ts';
import { DEFAULT_SETTINGS } from '#core/settings/settings-schemas.ts';
import type { Db } from '#db/client.ts';
import { certificates, SETTINGS_ID, siteSettings, type CertificateExaminer } from '#db/schema/index.ts';
import { causes, isUniqueViolation } from '#worker/lib/db-errors.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { putObjects, type PendingObject } from '#worker/lib/stored-objects.ts';

/** One certificate to issue for one rank award (a passed candidate, or a manual award that earns one). */
export type CertificateItem = {
  studentRankId: string;
  userId: string;
  /** Hashed with a fresh salt into the credential's subject; never stored or printed as it is. */
  email: string;
  /** The holder's display name (profileName): never the e-mail. */
  holderName: string;
  gradingId?: string | null;
  rank: { id: string; name: string };
  programName: string;
  /** The award's calendar day, 'YYYY-MM-DD': the certificate's date and its number's year. */
  issuedOn: string;
  examiners: readonly CertificateExaminer[];
  resultNarrative?: string | null;
};

export type NewCertificateRow = typeof certificates.$inferInsert;
export type PreparedCertificates = {
  rows: NewCertificateRow[];
  /** Stores the PDFs in R2; call it BEFORE the batch that inserts `rows` (an orphan object is harmless, a row without its PDF is not). */
  putPdfs: () => Promise<void>;
};

export const pdfKeyOf = (id: string) => `certificates/${id}.pdf`;
/** The logo a certificate was drawn with, by its SHA-256: shared by every certificate drawn with it and never deleted. */
export const logoKeyOf = (sha256: string) => `certificates/logos/${sha256}`;

/** The logo recorded on a certificate row, as it was drawn; null when the row has none or the copy is gone. */
export async function drawnLogo(ctx: Pick<ServiceCtx, 'storage'>, logoSha256: string | null): Promise<Uint8Array | null> {
  const object = logoSha256 ? await ctx.storage.get(logoKeyOf(logoSha256)) : null;
  return object ? new Uint8Array(await object.arrayBuffer()) : null;
}

/** The school's name and logo (PNG/JPEG bytes) as the certificate prints them; `withLogo: false` reads the name only. */
export async function schoolBranding(
  ctx: Pick<ServiceCtx, 'db' | 'storage'>,
  withLogo = true,
): Promise<{ schoolName: string; logo: Uint8Array | null }> {
  const [row] = await ctx.db
    .select({ schoolName: siteSettings.schoolName, logoKey: siteSettings.logoKey })
    .from(siteSettings)
    .where(eq(siteSettings.id, SETTINGS_ID));
  const schoolName = row?.schoolName.trim() || DEFAULT_SETTINGS.schoolName;
  const object = withLogo && row?.logoKey ? await ctx.storage.get(row.logoKey) : null;
  return { schoolName, logo: object ? new Uint8Array(await object.arrayBuffer()) : null };
}

/** The highest sequence number used so far in each year: one statement. */
async function lastNumbers(db: Db, years: readonly number[]): Promise<Map<number, number>> {
  const year = sql<string>`substr(${certificates.number}, 6, 4)`;
  const found = await db
    .select({ year, seq: sql<number>`max(cast(substr(${certificates.number}, 11) as integer))` })
    .from(certificates)
    .where(and(like(certificates.number, 'DOJO-%'), inArray(year, years.map(String))))
    .groupBy(year);
  const last = new Map(years.map((y) => [y, 0]));
  for (const row of found) last.set(Number(row.year), Number(row.seq));
  return last;
}

/**
 * The rows and PDFs of new certificates: numbers follow the highest of each year (a concurrent issue that
 * takes the same number fails on the unique index: `issueWithRetry` runs the write again with fresh numbers),
 * the credential (OB 3.0) and the PDF with its SHA-256.
 */
export async function prepareCertificates(ctx: ServiceCtx, items: readonly CertificateItem[]): Promise<PreparedCertificates> {
  if (!items.length) return { rows: [], putPdfs: async () => {} };
  const years = [...new Set(items.map((i) => Number(i.issuedOn.slice(0, 4))))];
  const [branding, last] = await Promise.all([schoolBranding(ctx), lastNumbers(ctx.db, years)]);
  const logoSha256 = branding.logo ? await pdfSha256(branding.logo) : null;
  const pdfs: PendingObject[] = [];
  const rows: NewCertificateRow[] = [];
  for (const item of items) {
    const year = Number(item.issuedOn.slice(0, 4));
    const seq = last.get(year)! + 1;
    last.set(year, seq);
    const id = newCertificateId();
    const credential = buildCredential({
      id,
      origin: ctx.origin,
      issuerName: branding.schoolName,
      holderName: item.holderName,
      emailHash: await hashEmail(item.email, newSalt()),
      rank: item.rank,
      program: { name: item.programName },
      issuedOn: item.issuedOn,
      examiners: item.examiners,
      resultNarrative: item.resultNarrative ?? null,
    });
    const row = {
      id,
      number: certificateNumber(year, seq),
      studentRankId: item.studentRankId,
      userId: item.userId,
      gradingId: item.gradingId ?? null,
      holderName: item.holderName,
      programName: item.programName,
      rankName: item.rank.name,
      rankId: item.rank.id,
      issuedOn: item.issuedOn,
      issuerName: branding.schoolName,
      examiners: [...item.examiners],
      credential: credential as unknown as Record<string, unknown>,
      pdfKey: pdfKeyOf(id),
      pdfSha256: '',
      logoSha256,
    };
    const bytes = await renderCertificatePdf(pdfInputOf(row, branding.logo));
    row.pdfSha256 = await pdfSha256(bytes);
    pdfs.push({ key: row.pdfKey, bytes, contentType: 'application/pdf', metadata: { number: row.number } });
    rows.push(row);
  }
  const putPdfs = async () => {
    // Outside putObjects: a failed batch removes its objects, and this copy may be an earlier certificate's too.
    if (branding.logo && logoSha256) await ctx.storage.put(logoKeyOf(logoSha256), branding.logo);
    await putObjects(ctx.storage, pdfs);
  };
  return { rows, putPdfs };
}

/** A write that inserts prepared certificates, run again with fresh numbers when a concurrent issue took one (3 tries). */
export async function issueWithRetry<T>(
  ctx: ServiceCtx,
  items: readonly CertificateItem[],
  write: (prepared: PreparedCertificates) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const prepared = await prepareCertificates(ctx, items);
    await prepared.putPdfs();
    try {
      return await write(prepared);
    } catch (err) {
      if (attempt >= 3 || !isUniqueViolation(err) || !causes(err).some((e) => /certificates\.number/.test(String((e as Error)?.message))))
        throw err;
    }
  }
}
