import { and, count, desc, eq, inArray, max, notExists, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Db } from '#db/client.ts';
import { users, waiverDocuments, waiverReminders, waiverSignatures, waiverVersions } from '#db/schema/index.ts';
import { likeAny } from '#worker/lib/sql.ts';

const signer = alias(users, 'waiver_signer');
const person = alias(users, 'waiver_person');

/** A signature with the names it shows and its document's current version. */
export const signatureSelect = {
  signature: waiverSignatures,
  title: waiverDocuments.title,
  currentVersion: waiverDocuments.currentVersion,
  forProfile: person.profile,
  forEmail: person.email,
  byProfile: signer.profile,
  byEmail: signer.email,
};

export function signatureRows(db: Db, where: SQL | undefined) {
  return db
    .select(signatureSelect)
    .from(waiverSignatures)
    .innerJoin(waiverDocuments, eq(waiverDocuments.id, waiverSignatures.documentId))
    .innerJoin(person, eq(person.id, waiverSignatures.signedFor))
    .leftJoin(signer, eq(signer.id, waiverSignatures.signedBy))
    .where(where)
    .orderBy(desc(waiverSignatures.signedAt), desc(waiverSignatures.id));
}
export type SignatureJoinRow = Awaited<ReturnType<typeof signatureRows>>[number];

/** Who is asked to sign: active students and members, children included. */
export const SIGNER_ROLES = ['student', 'member'] as const;
export const askedToSign = and(inArray(users.role, SIGNER_ROLES), eq(users.isActive, true));

/** People with no signature of this version (`search` on name, e-mail, student id). */
export function missingWhere(versionId: string, search?: string): SQL {
  const unsigned = notExists(
    sql`(select 1 from ${waiverSignatures} where ${waiverSignatures.versionId} = ${versionId} and ${waiverSignatures.signedFor} = ${users.id})`,
  );
  const term = search?.trim();
  const bySearch = term
    ? likeAny(term, [
        users.email,
        users.studentId,
        sql`json_extract(${users.profile}, '$.firstName')`,
        sql`json_extract(${users.profile}, '$.lastName')`,
      ])
    : undefined;
  return and(askedToSign, unsigned, bySearch)!;
}

export async function missingCount(db: Db, versionId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(missingWhere(versionId));
  return row?.n ?? 0;
}

export async function signedCount(db: Db, versionId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(waiverSignatures).where(eq(waiverSignatures.versionId, versionId));
  return row?.n ?? 0;
}

/** One page of the people missing a version, with the last version they signed and when they were last reminded. */
export function missingRows(db: Db, documentId: string, versionId: string, search: string | undefined, limit: number, offset: number) {
  const lastSigned = db
    .select({ userId: waiverSignatures.signedFor, version: max(waiverSignatures.version).as('last_version') })
    .from(waiverSignatures)
    .where(eq(waiverSignatures.documentId, documentId))
    .groupBy(waiverSignatures.signedFor)
    .as('last_signed');
  return db
    .select({
      id: users.id,
      profile: users.profile,
      email: users.email,
      studentId: users.studentId,
      canSignIn: users.canSignIn,
      lastSignedVersion: lastSigned.version,
      remindedAt: waiverReminders.sentAt,
    })
    .from(users)
    .leftJoin(lastSigned, eq(lastSigned.userId, users.id))
    .leftJoin(waiverReminders, and(eq(waiverReminders.userId, users.id), eq(waiverReminders.versionId, versionId)))
    .where(missingWhere(versionId, search))
    .orderBy(
      sql`lower(coalesce(json_extract(${users.profile}, '$.lastName'), ''))`,
      sql`lower(coalesce(json_extract(${users.profile}, '$.firstName'), ''))`,
      users.id,
    )
    .limit(limit)
    .offset(offset);
}

/** The version row a document's number points at. */
export const versionOf = (db: Db, documentId: string, version: number) =>
  db
    .select()
    .from(waiverVersions)
    .where(and(eq(waiverVersions.documentId, documentId), eq(waiverVersions.version, version)))
    .get();

export const signatureSearch = (search: string | undefined): SQL | undefined => {
  const term = search?.trim();
  if (!term) return undefined;
  return likeAny(term, [
    waiverSignatures.typedName,
    person.email,
    person.studentId,
    sql`json_extract(${person.profile}, '$.firstName')`,
    sql`json_extract(${person.profile}, '$.lastName')`,
  ]);
};
