/** The waivers API's JSON views (API-26 "Waivers"): the server serialises them, the screens read them. */
export type WaiverVersionView = { _id: string; version: number; body: string; bodySha256: string; publishedAt: string };

export type WaiverDocumentView = {
  _id: string;
  title: string;
  currentVersion: number;
  isActive: boolean;
  required: boolean;
  createdAt: string;
  updatedAt: string;
  current: WaiverVersionView | null;
  /** Admin-capable callers only. */
  signedCount?: number;
  missingCount?: number;
};

export type WaiverSignatureView = {
  _id: string;
  documentId: string;
  title: string;
  version: number;
  signedFor: { _id: string; name: string };
  signedBy: { _id: string; name: string } | null;
  typedName: string;
  signerCapacity: string;
  signatureKind: string;
  textSha256: string;
  /** Evidence for staff only. */
  ip?: string;
  userAgent?: string;
  signedAt: string;
  current: boolean;
  pdfUrl: string;
};
