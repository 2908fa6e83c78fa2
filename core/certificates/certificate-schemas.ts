import { z } from 'zod';
import { forQuery } from '#core/family/acting-for.ts';
import { requiredText } from '#core/fields.ts';
import { pagingQuery } from '#core/paging.ts';
import { CERTIFICATE_STATES } from '#core/progression/ladder.ts';

export const CERTIFICATE_MESSAGES = {
  notFound: 'Certificate not found',
  revoked: 'Certificate revoked',
  alreadyRevoked: 'This certificate has already been revoked',
  reasonRequired: 'reason is required',
  pdfLost: 'The PDF of this certificate cannot be restored',
  noLongerValid: 'This certificate is no longer valid',
} as const;

export const ListCertificatesQuery = pagingQuery(20, 100).extend({
  userId: z.string().trim().min(1).max(64).optional(),
  ...forQuery,
  status: z.enum(CERTIFICATE_STATES, { error: `status must be one of: ${CERTIFICATE_STATES.join(', ')}` }).optional(),
});
export type ListCertificatesInput = z.output<typeof ListCertificatesQuery>;

export const RevokeCertificateSchema = z.object({
  reason: requiredText('reason', 500, { required: CERTIFICATE_MESSAGES.reasonRequired }),
});
