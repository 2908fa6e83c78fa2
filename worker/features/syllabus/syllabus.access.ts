import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

/**
 * Writes and the full lists are admin-capable. A single item and my-syllabus need a signed-in user
 * (the grade rule is the service's). The material download is 'public' at this level because a
 * signed link may stand in for the token; the service refuses a caller with neither (401).
 */
export const syllabusAccess: AccessTable = {
  'POST /api/syllabus': ADMIN_CAPABLE,
  'GET /api/syllabus': ADMIN_CAPABLE,
  'DELETE /api/syllabus': ADMIN_CAPABLE,
  'GET /api/syllabus/student/my-syllabus': 'user',
  'GET /api/syllabus/admin/all': ADMIN_CAPABLE,
  'GET /api/syllabus/:id': 'user',
  'PUT /api/syllabus/:id': ADMIN_CAPABLE,
  'DELETE /api/syllabus/:id': ADMIN_CAPABLE,
  'GET /api/syllabus/:id/materials/:materialId': 'public',
};
