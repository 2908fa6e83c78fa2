import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import * as schema from './schema/index.ts';
import { accountsSeeder } from './seed/accounts.ts';
import { catalogSeeder } from './seed/catalog.ts';
import { productsSeeder } from './seed/products.ts';
import { ordersSeeder } from './seed/orders.ts';
import { couponsSeeder } from './seed/coupons.ts';
import { enquiriesSeeder } from './seed/enquiries.ts';
import { messagesSeeder } from './seed/messages.ts';
import { mediaSeeder } from './seed/media.ts';
import { meetingsSeeder } from './seed/meetings.ts';
import { notificationsSeeder } from './seed/notifications.ts';
import { settingsSeeder } from './seed/settings.ts';
import { courseEnrollmentsSeeder } from './seed/enrollments.ts';
import { instructorEnrollmentsSeeder } from './seed/instructor-enrollments.ts';
import { membershipEnrollmentsSeeder } from './seed/membership-enrollments.ts';
import { autopaySeeder } from './seed/autopay.ts';
import { fileUploadsSeeder, syllabusSeeder } from './seed/syllabus.ts';
import { programsSeeder } from './seed/programs.ts';
import { socialSeeder } from './seed/social.ts';
import { classMembersSeeder } from './seed/class-members.ts';
import { checkinSeeder } from './seed/checkin.ts';
import { classSessionsSeeder } from './seed/class-sessions.ts';
import { progressionDemoSeeder } from './seed/progression-demo.ts';
import { familiesSeeder } from './seed/families.ts';
import { waiversSeeder } from './seed/waivers.ts';
import type { Seeder } from './seed/types.ts';

/** Demo content, in order: a later seeder may rely on what an earlier one made (e.g. the instructor account). */
export const SEEDERS: readonly Seeder[] = [
  accountsSeeder,
  syllabusSeeder,
  programsSeeder,
  fileUploadsSeeder,
  settingsSeeder,
  enquiriesSeeder,
  mediaSeeder,
  catalogSeeder,
  productsSeeder,
  couponsSeeder,
  ordersSeeder,
  meetingsSeeder,
  notificationsSeeder,
  messagesSeeder,
  courseEnrollmentsSeeder,
  membershipEnrollmentsSeeder,
  autopaySeeder,
  instructorEnrollmentsSeeder,
  socialSeeder,
  classMembersSeeder,
  checkinSeeder,
  classSessionsSeeder,
  progressionDemoSeeder,
  familiesSeeder,
  waiversSeeder,
];

export type SeedOptions = {
  authToken?: string;
  force?: boolean;
  log?: (line: string) => void;
  /** The Worker's JWT_SECRET: without it the demo student gets no kiosk PIN (its hash is keyed from it). */
  jwtSecret?: string;
  /** The site's origin the demo certificates name (their verify address); default http://127.0.0.1:8787. */
  origin?: string;
};
export type SeedResult = { added: Record<string, number>; total: number };

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** Local means a file or a server on this machine; a published demo password must never reach a real database. */
export function isLocalUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'file:' || LOCAL_HOSTS.has(parsed.hostname);
  } catch {
    return false;
  }
}

export async function seedLocal(url: string, opts: SeedOptions = {}): Promise<SeedResult> {
  const log = opts.log ?? console.log;
  if (!isLocalUrl(url) && !opts.force) {
    throw new Error(
      `Refusing to seed ${url}: demo accounts with a published password belong on a local database only ` +
        `(127.0.0.1, localhost, ::1 or file:). Use --force or SEED_FORCE=1 if you really mean it.`,
    );
  }
  const client = createClient({ url, authToken: opts.authToken, intMode: 'number' });
  const db = drizzle(client, { schema });
  const added: Record<string, number> = {};
  try {
    for (const seeder of SEEDERS) {
      added[seeder.name] = await seeder.run({ db, log, jwtSecret: opts.jwtSecret, origin: opts.origin ?? 'http://127.0.0.1:8787' });
      log(`seed ${seeder.name}: ${added[seeder.name]} added`);
    }
  } finally {
    client.close();
  }
  return { added, total: Object.values(added).reduce((a, b) => a + b, 0) };
}
