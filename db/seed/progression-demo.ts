import { eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_SCHOOL_TIME_ZONE } from '#core/time-zone.ts';
import { classes, gradings, SETTINGS_ID, siteSettings, users } from '#db/schema/index.ts';
import { DEMO_CLASS_MEMBERS } from './class-members.ts';
import { demoUserIds } from './demo-users.ts';
import { demoCertificates } from './progression-certificates.ts';
import { demoGradings, FINISHED_GRADING_ID } from './progression-gradings.ts';
import { planLadders, type Planned, type Staff } from './progression-plan.ts';
import { KARATE_ID, KIDS_ID } from './programs.ts';
import type { SeedDb, Seeder } from './types.ts';

/** Kids' classes count toward the Little Dragons, the adult ones toward karate; the family class toward both (null). */
const CLASS_PROGRAMS: Record<string, string> = {
  'seed-class-mon-kids': KIDS_ID,
  'seed-class-tue-kids': KIDS_ID,
  'seed-class-thu-kids': KIDS_ID,
  'seed-class-mon-adults': KARATE_ID,
  'seed-class-tue-teens': KARATE_ID,
  'seed-class-wed-adults': KARATE_ID,
  'seed-class-thu-advanced': KARATE_ID,
  'seed-class-fri-kumite': KARATE_ID,
  'seed-class-sat-kata': KARATE_ID,
  'seed-class-sun-selfdefence': KARATE_ID,
};

async function staffOf(db: SeedDb): Promise<Staff | null> {
  const ids = await demoUserIds(db, ['admin@dojo.local', 'grandmaster@dojo.local', 'instructor@dojo.local', 'student@dojo.local']);
  const [admin, grandmaster, instructor, leo] = ['admin', 'grandmaster', 'instructor', 'student'].map((r) => ids.get(`${r}@dojo.local`));
  return admin && grandmaster && instructor && leo ? { admin, grandmaster, instructor, leo } : null;
}

/**
 * The demo's belt progression (issue 25 §8), after the class sessions so attendance is there: rank
 * histories for Leo, the staff and the 38 class members at different distances from their next belt,
 * credits and technique checks, a finished grading with its certificates and an open one with candidates
 * and fees. One batch; a second run finds the finished grading and adds nothing.
 */
export const progressionDemoSeeder: Seeder = {
  name: 'progression-demo',
  async run({ db, origin }) {
    const [done] = await db.select({ id: gradings.id }).from(gradings).where(eq(gradings.id, FINISHED_GRADING_ID));
    const staff = await staffOf(db);
    if (done || !staff) return 0;
    const [settings] = await db
      .select({ timeZone: siteSettings.timeZone, schoolName: siteSettings.schoolName })
      .from(siteSettings)
      .where(eq(siteSettings.id, SETTINGS_ID));
    const zone = settings?.timeZone ?? DEFAULT_SCHOOL_TIME_ZONE;
    const now = Date.now();
    const members = await db
      .select({ id: users.id, email: users.email, profile: users.profile, createdAt: users.createdAt })
      .from(users)
      .where(
        inArray(users.email, [
          ...DEMO_CLASS_MEMBERS.map((m) => m.email),
          'admin@dojo.local',
          'grandmaster@dojo.local',
          'instructor@dojo.local',
          'student@dojo.local',
          'member@dojo.local',
        ]),
      );
    const people = new Map(members.map((m) => [m.email, m]));
    const plan: Planned = planLadders({ now, zone, staff, people });
    const graded = demoGradings({ now, zone, staff, plan, people });
    const certificates = await demoCertificates({
      origin: origin ?? 'http://127.0.0.1:8787',
      schoolName: settings?.schoolName ?? 'Dojo',
      awards: graded.awards,
    });
    const statements = [
      ...Object.entries(CLASS_PROGRAMS).map(([id, programId]) =>
        db
          .update(classes)
          .set({ programId })
          .where(sql`${classes.id} = ${id} and ${classes.programId} is null`),
      ),
      ...plan.statements(db),
      ...graded.statements(db),
      ...certificates.statements(db),
      // The profile's grade follows the current karate rank, as an award through the API does.
      ...plan.grades.map(({ userId, grade }) =>
        db
          .update(users)
          .set({ profile: sql`json_set(coalesce(${users.profile}, '{}'), '$.grade', ${grade})` })
          .where(eq(users.id, userId)),
      ),
    ];
    await db.batch(statements as unknown as Parameters<typeof db.batch>[0]);
    return plan.rowCount + graded.rowCount + certificates.rowCount;
  },
};
