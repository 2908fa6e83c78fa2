import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';
import { STAFF } from './grading-results.rules.ts';

/**
 * Examiners are staff (which grading they examine is a service rule); results are staff's, and a candidate's
 * own row once approved (a service rule); approve is admin-capable or the head examiner (a service rule).
 */
export const gradingResultsAccess: AccessTable = {
  'GET /api/gradings/:id/sheet': STAFF,
  'PUT /api/gradings/:id/scores': STAFF,
  'POST /api/gradings/:id/sheets/:candidateId/lock': STAFF,
  'GET /api/gradings/:id/results': 'user',
  'POST /api/gradings/:id/approve': STAFF,
  'POST /api/gradings/:id/reopen-scoring': ADMIN_CAPABLE,
  'POST /api/gradings/:id/finalize': ADMIN_CAPABLE,
};
