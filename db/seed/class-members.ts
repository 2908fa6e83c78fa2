import { newId } from '#core/ids.ts';
import { membershipEnrollments, users, type NewUserRow } from '#db/schema/index.ts';
import { planPurchase } from './plan-purchase.ts';
import { demoUserIds } from './demo-users.ts';
import type { SeedDb, Seeder } from './types.ts';

const DAY = 86_400_000;

/** The demo classes' short keys (`seed-class-<key>`, db/seed/catalog.ts). */
export type ClassKey =
  | 'mon-kids'
  | 'mon-adults'
  | 'tue-kids'
  | 'tue-teens'
  | 'wed-adults'
  | 'thu-kids'
  | 'thu-advanced'
  | 'fri-kumite'
  | 'sat-family'
  | 'sat-kata'
  | 'sun-selfdefence';

export type ClassMember = {
  email: string;
  firstName: string;
  lastName: string;
  grade: string;
  /** The classes they usually come to. */
  regular: ClassKey[];
  /** Their membership ended: they may still walk in, and such a check-in is flagged for review. */
  lapsed?: boolean;
};

const BEGINNER: ClassKey[] = ['mon-adults', 'wed-adults'];
const ADVANCED: ClassKey[] = ['thu-advanced', 'fri-kumite', 'sat-kata'];

const m = (firstName: string, lastName: string, grade: string, regular: ClassKey[], lapsed = false): ClassMember => ({
  email: `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '') + '@members.dojo.local',
  firstName,
  lastName,
  grade,
  regular,
  ...(lapsed ? { lapsed } : {}),
});

/**
 * The people who fill the demo timetable: children, teens and adults who cannot sign in (the demo
 * accounts of the README are the ones to sign in with). Two have let their membership lapse.
 */
export const DEMO_CLASS_MEMBERS: readonly ClassMember[] = [
  m('Mia', 'Chen', 'white', ['mon-kids', 'sat-family']),
  m('Oliver', 'Singh', 'white', ['mon-kids', 'sat-family']),
  m('Yuna', 'Kim', 'yellow', ['mon-kids']),
  m('Theo', 'Martin', 'white', ['mon-kids', 'sat-family']),
  m('Aarav', 'Patel', 'yellow', ['tue-kids', 'thu-kids', 'sat-family']),
  m('Chloe', 'Nguyen', 'orange', ['tue-kids', 'thu-kids']),
  m('Ethan', 'Roy', 'yellow', ['tue-kids', 'thu-kids', 'sat-family']),
  m('Sofia', 'Rossi', 'white', ['tue-kids', 'thu-kids']),
  m('Lucas', 'Wong', 'orange', ['tue-kids', 'thu-kids', 'sat-family']),
  m('Emma', 'Dubois', 'yellow', ['tue-kids', 'sat-family']),
  m('Hiro', 'Tanaka', 'green', ['tue-teens', 'fri-kumite']),
  m('Amelia', 'Brown', 'blue', ['tue-teens', 'fri-kumite', 'sat-family']),
  m('Noah', 'Gill', 'orange', ['tue-teens', 'sat-family']),
  m('Zara', 'Ahmed', 'green', ['tue-teens', 'fri-kumite']),
  m('Ryo', 'Sato', 'blue', ['tue-teens', 'sat-kata']),
  m('Aiko', 'Takahashi', 'brown', [...ADVANCED, 'mon-adults']),
  m('Daniel', 'Okafor', 'black', [...ADVANCED]),
  m('Priya', 'Sharma', 'brown', ['thu-advanced', 'sat-kata', 'wed-adults']),
  m('Marco', 'Bianchi', 'blue', ['fri-kumite', 'sat-kata', 'mon-adults']),
  m('Hannah', 'Schmidt', 'green', [...BEGINNER, 'fri-kumite']),
  m('James', 'Wilson', 'yellow', [...BEGINNER, 'sun-selfdefence']),
  m('Fatima', 'Haddad', 'white', [...BEGINNER, 'sun-selfdefence']),
  m('Lena', 'Novak', 'orange', [...BEGINNER]),
  m('Carlos', 'Mendoza', 'white', [...BEGINNER, 'sun-selfdefence']),
  m('Grace', 'Lee', 'yellow', [...BEGINNER, 'sat-family']),
  m('Samuel', 'Adeyemi', 'green', [...BEGINNER, 'thu-advanced']),
  m('Isabel', 'Ferreira', 'white', [...BEGINNER, 'sun-selfdefence']),
  m('Tom', 'Fraser', 'orange', [...BEGINNER]),
  m('Mei', 'Lin', 'blue', ['wed-adults', 'sat-kata', 'fri-kumite']),
  m('Omar', 'Farouk', 'white', [...BEGINNER, 'sun-selfdefence']),
  m('Julia', 'Kowalski', 'yellow', [...BEGINNER]),
  m('Ben', 'Cohen', 'green', [...BEGINNER, 'fri-kumite']),
  m('Anika', 'Larsen', 'white', [...BEGINNER, 'sun-selfdefence']),
  m('Diego', 'Alvarez', 'yellow', [...BEGINNER]),
  m('Sarah', 'Murphy', 'white', [...BEGINNER, 'sun-selfdefence']),
  m('Kai', 'Nakamura', 'orange', [...BEGINNER, 'sat-kata']),
  m('Liam', "O'Brien", 'white', ['mon-adults', 'sun-selfdefence'], true),
  m('Nadia', 'Petrova', 'yellow', ['wed-adults', 'fri-kumite'], true),
];

/** Sign-in is impossible: the Worker verifies only argon2id hashes (worker/lib/password.ts). */
const NO_SIGN_IN = '!seed-class-member';
const STANDARD = planPurchase('seed-plan-standard-monthly');

/** One membership enrolment: running `endsInDays` more days (negative: ended that long ago). */
function membershipRow(id: string, userId: string, endsInDays: number, now: number) {
  const endsAt = new Date(now + endsInDays * DAY);
  const startsAt = new Date(endsAt.getTime() - 30 * DAY);
  const expired = endsInDays < 0;
  return {
    id,
    userId,
    ...STANDARD.columns,
    status: expired ? ('expired' as const) : ('active' as const),
    paymentStatus: 'paid' as const,
    paymentMethod: 'sandbox',
    currency: 'CAD',
    notes: '',
    documents: [],
    startsAt,
    endsAt,
    expiredAt: expired ? endsAt : null,
    approvedAt: startsAt,
    paidAt: startsAt,
    createdAt: startsAt,
    updatedAt: startsAt,
  };
}

/**
 * The class members and their monthly memberships (active, renewing on staggered days; the lapsed ones'
 * ended weeks ago). An existing e-mail is left alone; fixed enrolment ids make a second run add nothing.
 */
export const classMembersSeeder: Seeder = {
  name: 'class-members',
  async run({ db }) {
    const now = Date.now();
    const rows: NewUserRow[] = DEMO_CLASS_MEMBERS.map((p, i) => ({
      id: newId(),
      studentId: `STU-${String(i + 2).padStart(4, '0')}`,
      email: p.email,
      passwordHash: NO_SIGN_IN,
      role: 'student',
      emailVerified: true,
      profile: { firstName: p.firstName, lastName: p.lastName, grade: p.grade },
    }));
    const added = await db.insert(users).values(rows).onConflictDoNothing().returning({ id: users.id });
    const ids = await classMemberIds(db);
    const memberships = DEMO_CLASS_MEMBERS.flatMap((p, i) => {
      const userId = ids.get(p.email);
      if (!userId) return [];
      return [
        membershipRow(
          `seed-membership-enrollment-c${String(i + 1).padStart(2, '0')}`,
          userId,
          p.lapsed ? -20 - i : 4 + ((i * 7) % 27),
          now,
        ),
      ];
    });
    const enrolled = await db
      .insert(membershipEnrollments)
      .values(memberships)
      .onConflictDoNothing()
      .returning({ id: membershipEnrollments.id });
    return added.length + enrolled.length;
  },
};

/** The class members' user ids by e-mail. */
export const classMemberIds = (db: SeedDb) =>
  demoUserIds(
    db,
    DEMO_CLASS_MEMBERS.map((p) => p.email),
  );
