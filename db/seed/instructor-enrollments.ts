import type { Seeder } from './types.ts';

/** Demo instructor-enrollments (issue 13). */
export const instructorEnrollmentsSeeder: Seeder = { name: 'instructor-enrollments', run: async () => 0 };
