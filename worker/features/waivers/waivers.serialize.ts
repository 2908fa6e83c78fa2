import type { WaiverDocumentView, WaiverSignatureView, WaiverVersionView } from '#core/waivers/views.ts';
import { isNoLoginEmail } from '#core/family/family-options.ts';
import { profileName, type NamedProfile } from '#core/users/person-name.ts';
import type { WaiverDocumentRow, WaiverVersionRow } from '#db/schema/index.ts';
import type { SignatureJoinRow } from './waivers.queries.ts';

export const personName = (profile: NamedProfile, email: string | null) =>
  profileName(profile, email && !isNoLoginEmail(email) ? email : 'Unnamed person');

export const serializeVersion = (v: WaiverVersionRow): WaiverVersionView => ({
  _id: v.id,
  version: v.version,
  body: v.body,
  bodySha256: v.bodySha256,
  publishedAt: v.publishedAt.toISOString(),
});

/** WaiverDocument (API-26): counts only for the admin-capable. */
export function serializeDocument(
  doc: WaiverDocumentRow,
  current: WaiverVersionRow | null,
  requiredId: string | null,
  counts?: { signedCount: number; missingCount: number },
): WaiverDocumentView {
  return {
    _id: doc.id,
    title: doc.title,
    currentVersion: doc.currentVersion,
    isActive: doc.isActive,
    required: doc.id === requiredId,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
    current: current ? serializeVersion(current) : null,
    ...counts,
  };
}

/** WaiverSignature (API-26): the IP and user agent are evidence for staff only. */
export function serializeSignature(row: SignatureJoinRow, staff: boolean): WaiverSignatureView {
  const s = row.signature;
  return {
    _id: s.id,
    documentId: s.documentId,
    title: row.title,
    version: s.version,
    signedFor: { _id: s.signedFor, name: personName(row.forProfile, row.forEmail) },
    signedBy: s.signedBy ? { _id: s.signedBy, name: personName(row.byProfile, row.byEmail) } : null,
    typedName: s.typedName,
    signerCapacity: s.signerCapacity,
    signatureKind: s.signatureKind,
    textSha256: s.textSha256,
    ...(staff ? { ip: s.ip, userAgent: s.userAgent } : {}),
    signedAt: s.signedAt.toISOString(),
    current: s.version === row.currentVersion,
    pdfUrl: `/api/waivers/signatures/${s.id}/pdf`,
  };
}
