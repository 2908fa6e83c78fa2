import { sql } from 'drizzle-orm';
import { childAccountValues } from '#core/family/child-account.ts';
import { familyLinks, users } from '#db/schema/index.ts';
import { demoUserIds } from './demo-users.ts';
import type { Seeder } from './types.ts';

export const DEMO_PARENT_EMAIL = 'parent@dojo.local';

/** The parent's two children (issue 26 §5): no login of their own, about 9 and 12 years old. */
export const DEMO_CHILDREN = [
  {
    id: 'seed-child-hana',
    firstName: 'Hana',
    lastName: 'Sato',
    years: 9,
    months: 4,
    grade: 'white',
    notes: 'Mild asthma: inhaler in her bag',
  },
  { id: 'seed-child-kai', firstName: 'Kai', lastName: 'Sato', years: 12, months: 2, grade: 'yellow', notes: '' },
] as const;

const birthDate = (years: number, months: number, now = new Date()) => {
  const d = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth() - months, 10));
  return d.toISOString().slice(0, 10);
};

/** The demo parent's children and their links; fixed ids make a second run add nothing. Student ids follow the school's last one. */
export const familiesSeeder: Seeder = {
  name: 'families',
  async run({ db }) {
    const parentId = (await demoUserIds(db, [DEMO_PARENT_EMAIL])).get(DEMO_PARENT_EMAIL);
    if (!parentId) return 0;
    const [last] = await db
      .select({ n: sql<number>`coalesce(max(cast(substr(${users.studentId}, 5) as integer)), 0)` })
      .from(users)
      .where(sql`${users.studentId} glob 'STU-[0-9]*'`);
    const added = await db
      .insert(users)
      .values(
        DEMO_CHILDREN.map((c, i) => {
          const v = childAccountValues(c.id, {
            firstName: c.firstName,
            lastName: c.lastName,
            dateOfBirth: birthDate(c.years, c.months),
            grade: c.grade,
          });
          return { ...v, studentId: `STU-${String((last?.n ?? 0) + i + 1).padStart(4, '0')}`, medicalNotes: c.notes };
        }),
      )
      .onConflictDoNothing()
      .returning({ id: users.id });
    const linked = await db
      .insert(familyLinks)
      .values(DEMO_CHILDREN.map((c) => ({ guardianId: parentId, childId: c.id, relationship: 'Mother', createdBy: parentId })))
      .onConflictDoNothing()
      .returning({ id: familyLinks.childId });
    return added.length + linked.length;
  },
};
