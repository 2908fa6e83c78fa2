import type { Seeder } from './types.ts';

/** Demo membership-enrollments (issue 13). */
export const membershipEnrollmentsSeeder: Seeder = { name: 'membership-enrollments', run: async () => 0 };
