import { GRADES, type Grade, type SyllabusCategory } from '#core/syllabus/grades.ts';
import type { Requirement } from '#core/progression/requirements.ts';
import { programs, rankRequirements, rankTechniques, ranks } from '#db/schema/index.ts';
import { DEMO_SYLLABUS } from './syllabus.ts';
import type { SeedDb, Seeder } from './types.ts';

/**
 * The school's ladders (issue 25 §1): `karate` with the 17 syllabus grades in order, and `kids`
 * (Little Dragons) whose ranks map to the nearest grade and move up to karate at 13. Fixed ids, so the
 * demo's progression and a second run find the same rows.
 */
export const KARATE_ID = 'seed-program-karate';
export const KIDS_ID = 'seed-program-kids';
export const rankIdOf = (program: 'karate' | 'kids', key: string) => `seed-rank-${program}-${key}`;
export const techniqueIdOf = (rankId: string, n: number) => `${rankId}-t${n}`;

const COLOURS: Record<string, string> = {
  white: '#f8fafc',
  yellow: '#facc15',
  orange: '#f97316',
  green: '#16a34a',
  blue: '#2563eb',
  purple: '#7c3aed',
  brown: '#78350f',
  black: '#111827',
};
const ORDINAL = ['1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th', '9th', '10th'];
const KATA: Partial<Record<Grade, string>> = {
  green: 'Heian Sandan',
  blue: 'Heian Yondan',
  purple: 'Heian Godan',
  brown: 'Tekki Shodan',
  'black-1': 'Bassai Dai',
  'black-2': 'Kanku Dai',
  'black-3': 'Jion',
  'black-4': 'Empi',
  'black-5': 'Gankaku',
  'black-6': 'Hangetsu',
  'black-7': 'Jitte',
  'black-8': 'Sochin',
  'black-9': 'Nijushiho',
  'black-10': 'Unsu',
};

type SeedTechnique = { title: string; category: SyllabusCategory; syllabusItemId: string | null; mandatory: boolean };

/** A grade's techniques: its syllabus items first, then the kata, kumite and kihon every grade is examined on. */
export function techniquesOf(grade: Grade): SeedTechnique[] {
  const items: SeedTechnique[] = DEMO_SYLLABUS.filter((d) => d.grade === grade).map((d) => ({
    title: d.title,
    category: d.category,
    syllabusItemId: d.id,
    mandatory: d.category === 'kata',
  }));
  const has = (c: SyllabusCategory) => items.some((i) => i.category === c);
  const kata = KATA[grade];
  if (kata && !has('kata')) items.push({ title: `Kata: ${kata}`, category: 'kata', syllabusItemId: null, mandatory: true });
  if (grade !== 'white' && !has('kumite'))
    items.push({
      title: grade.startsWith('black') ? 'Kumite: free sparring (jiyu kumite)' : 'Kumite: one-step sparring',
      category: 'kumite',
      syllabusItemId: null,
      mandatory: false,
    });
  if (!has('kihon'))
    items.push({ title: 'Kihon: combinations up and down the floor', category: 'kihon', syllabusItemId: null, mandatory: false });
  if (grade.startsWith('black'))
    items.push({ title: 'Theory: the history and principles of the style', category: 'theory', syllabusItemId: null, mandatory: false });
  return items;
}

const gate = (type: Requirement['type'], value: number | null = null): Requirement => ({ type, mode: 'gate', value });
const advisory = (type: Requirement['type'], value: number): Requirement => ({ type, mode: 'advisory', value });

/** Days at the current rank and classes attended before testing for each kyu belt, yellow → brown. */
const KYU_DAYS = [60, 60, 60, 90, 90, 120];
const KYU_CLASSES = [24, 24, 30, 36, 40, 48];

/** What testing FOR `grade` asks; white is where everyone starts, so it asks nothing. */
export function karateRequirements(grade: Grade, index: number, techniques: number): Requirement[] {
  if (grade === 'white') return [];
  if (!grade.startsWith('black'))
    return [
      gate('min_days', KYU_DAYS[index - 1]!),
      gate('min_classes', KYU_CLASSES[index - 1]!),
      gate('techniques_passed', techniques),
      advisory('min_attendance_rate', 60),
    ];
  const dan = index - 6;
  return [
    gate('min_days', 365 * dan),
    gate('min_classes', 80 + dan * 40),
    gate('techniques_passed', techniques),
    gate('min_age', 15 + dan),
    gate('instructor_approval'),
    gate('active_membership'),
  ];
}

/** The requirements of a rank of the seeded ladders, by its id (the demo's progression reads them). */
export function seededRequirements(rankId: string): Requirement[] {
  const karate = GRADES.findIndex((g) => rankIdOf('karate', g) === rankId);
  if (karate >= 0) return karateRequirements(GRADES[karate]!, karate, techniquesOf(GRADES[karate]!).length);
  const kids = KIDS.findIndex(([key]) => rankIdOf('kids', key) === rankId);
  return kids >= 0 ? kidsRequirements(kids) : [];
}

/** The technique ids of a rank of the seeded ladders (kids ranks are examined on the first two of their grade's). */
export function seededTechniqueIds(rankId: string): string[] {
  const karate = GRADES.find((g) => rankIdOf('karate', g) === rankId);
  const kids = KIDS.find(([key]) => rankIdOf('kids', key) === rankId);
  const count = karate ? techniquesOf(karate).length : kids ? Math.min(2, techniquesOf(kids[2]).length) : 0;
  return Array.from({ length: count }, (_, n) => techniqueIdOf(rankId, n));
}

const KARATE_FEES = [0, 2500, 3000, 3500, 4000, 4000, 4500];

function karateRanks() {
  return GRADES.map((grade, i) => {
    const dan = grade.startsWith('black');
    const colour = dan ? 'black' : grade;
    return {
      id: rankIdOf('karate', grade),
      programId: KARATE_ID,
      position: i + 1,
      name: dan ? `${ORDINAL[i - 7]} Dan` : `${colour[0]!.toUpperCase()}${colour.slice(1)} belt`,
      kind: dan ? ('dan' as const) : ('kyu' as const),
      colorHex: COLOURS[colour]!,
      stripeMax: dan ? 0 : 4,
      testFeeCents: dan ? 15_000 + (i - 7) * 2_500 : KARATE_FEES[i]!,
      gradeKey: grade,
      // Dan candidates are examined by a dan grade at least one above them where the ladder has one.
      examinerMinRankId: dan ? rankIdOf('karate', GRADES[Math.min(i + 1, GRADES.length - 1)]!) : null,
      grade,
    };
  });
}

export const KIDS = [
  ['white', 'White', 'white', 'white'],
  ['white-yellow', 'White-Yellow', 'white', 'white'],
  ['yellow', 'Yellow', 'yellow', 'yellow'],
  ['yellow-orange', 'Yellow-Orange', 'yellow', 'yellow'],
  ['orange', 'Orange', 'orange', 'orange'],
  ['orange-green', 'Orange-Green', 'orange', 'orange'],
  ['green', 'Green', 'green', 'green'],
  ['green-blue', 'Green-Blue', 'green', 'green'],
  ['blue', 'Blue', 'blue', 'blue'],
  ['purple', 'Purple', 'purple', 'purple'],
] as const satisfies readonly (readonly [string, string, Grade, string])[];

function kidsRanks() {
  return KIDS.map(([key, name, grade, colour], i) => ({
    id: rankIdOf('kids', key),
    programId: KIDS_ID,
    position: i + 1,
    name: `${name} (Little Dragons)`,
    kind: 'level' as const,
    colorHex: COLOURS[colour]!,
    stripeMax: 4,
    testFeeCents: i === 0 ? 0 : 1500 + Math.floor(i / 2) * 500,
    gradeKey: grade,
    ageUpgradeRankId: rankIdOf('karate', grade),
    ageUpgradeAtYears: 13,
    grade,
  }));
}

const kidsRequirements = (i: number): Requirement[] =>
  i === 0 ? [] : [gate('min_days', 45), gate('min_classes', 16), gate('min_stripes', 3), advisory('min_attendance_rate', 50)];

/** A ladder in three statements: the ranks not there yet, then their requirements and techniques. */
async function insertLadder(
  db: SeedDb,
  rows: (ReturnType<typeof karateRanks>[number] | ReturnType<typeof kidsRanks>[number])[],
  kids: boolean,
) {
  const inserted = await db
    .insert(ranks)
    .values(rows.map(({ grade: _grade, ...rank }) => rank))
    .onConflictDoNothing()
    .returning({ id: ranks.id });
  const added = new Set(inserted.map((r) => r.id));
  const fresh = rows.flatMap((row, i) => (added.has(row.id) ? [{ row, i }] : []));
  const techniquesFor = (grade: Grade) => (kids ? techniquesOf(grade).slice(0, 2) : techniquesOf(grade));
  const requirements = fresh.flatMap(({ row, i }) =>
    (kids ? kidsRequirements(i) : karateRequirements(row.grade, i, techniquesFor(row.grade).length)).map((r, n) => ({
      id: `${row.id}-r${n}`,
      rankId: row.id,
      ...r,
      position: n,
    })),
  );
  const techniques = fresh.flatMap(({ row }) =>
    techniquesFor(row.grade).map((t, n) => ({
      id: techniqueIdOf(row.id, n),
      rankId: row.id,
      ...t,
      maxScore: 10,
      passScore: 6,
      weight: t.mandatory ? 2 : 1,
      position: n,
    })),
  );
  if (requirements.length) await db.insert(rankRequirements).values(requirements).onConflictDoNothing();
  if (techniques.length) await db.insert(rankTechniques).values(techniques).onConflictDoNothing();
  return added.size;
}

export const programsSeeder: Seeder = {
  name: 'programs',
  async run({ db }) {
    const added = await db
      .insert(programs)
      .values([
        {
          id: KARATE_ID,
          slug: 'karate',
          name: 'Karate',
          description: 'The adult and teen ladder: seven kyu belts, then the dan grades of the black belt.',
          audience: 'all',
          attendanceWindow: 'since_last_promotion',
          position: 1,
        },
        {
          id: KIDS_ID,
          slug: 'kids',
          name: 'Little Dragons',
          description: 'Children from 5 to 12: half-steps between the colours, stripes along the way, and the move to karate at 13.',
          audience: 'kids',
          attendanceWindow: 'all_time',
          position: 2,
        },
      ])
      .onConflictDoNothing()
      .returning({ id: programs.id });
    return added.length + (await insertLadder(db, karateRanks(), false)) + (await insertLadder(db, kidsRanks(), true));
  },
};
