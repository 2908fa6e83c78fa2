import type { Seeder } from './types.ts';

/** Demo course-enrollments (issue 13). */
export const courseEnrollmentsSeeder: Seeder = { name: 'course-enrollments', run: async () => 0 };
