import { gradeRank, type Grade, type LinkType, type SyllabusCategory } from '#core/syllabus/grades.ts';
import { fileUploads, syllabusItems, type NewSyllabusRow } from '#db/schema/index.ts';
import { demoAdminId } from './demo-users.ts';
import { dayFrom } from './calendar.ts';
import type { Seeder } from './types.ts';

type DemoItem = {
  id: string;
  title: string;
  description: string;
  grade: Grade;
  category: SyllabusCategory;
  links: [string, string, LinkType][];
};

const WIKI = 'https://en.wikipedia.org/wiki/';

/** External links only: the seed runs in Node, without R2, so it stores no material files. */
export const DEMO_SYLLABUS: readonly DemoItem[] = [
  {
    id: 'seed-syllabus-white-etiquette',
    title: 'Dojo etiquette and terminology',
    description: 'Bowing in and out, addressing the instructor, counting to ten in Japanese and the names of the basic techniques.',
    grade: 'white',
    category: 'theory',
    links: [
      ['The dojo', `${WIKI}Dojo`, 'article'],
      ['Kiai: the spirit shout', `${WIKI}Kiai`, 'article'],
    ],
  },
  {
    id: 'seed-syllabus-white-kihon',
    title: 'Kihon: front stance, lunge punch, rising block',
    description: 'Zenkutsu-dachi, oi-zuki and age-uke up and down the dojo, ten times each side, with a kiai on the last count.',
    grade: 'white',
    category: 'kihon',
    links: [['Kihon explained', `${WIKI}Kihon`, 'article']],
  },
  {
    id: 'seed-syllabus-white-kata',
    title: 'Kata: Taikyoku Shodan',
    description: 'The first kata: twenty moves on an I-shaped line, gedan-barai and oi-zuki only. Learn the embusen first.',
    grade: 'white',
    category: 'kata',
    links: [['What a kata is', `${WIKI}Kata`, 'article']],
  },
  {
    id: 'seed-syllabus-yellow-kata',
    title: 'Kata: Heian Shodan',
    description: 'Twenty-one moves, two kiai (moves 9 and 17). Back stance with knife-hand blocks on the last four.',
    grade: 'yellow',
    category: 'kata',
    links: [['The Heian (Pinan) series', `${WIKI}Pinan`, 'article']],
  },
  {
    id: 'seed-syllabus-yellow-kumite',
    title: 'Kumite: five-step sparring (gohon kumite)',
    description: 'Jodan and chudan attacks, five steps forward, blocks on each step and a counter-punch with kiai on the fifth.',
    grade: 'yellow',
    category: 'kumite',
    links: [['Kumite', `${WIKI}Kumite`, 'article']],
  },
  {
    id: 'seed-syllabus-orange-kata',
    title: 'Kata: Heian Nidan',
    description: 'Twenty-six moves including the first side kick (yoko-geri keage). Kiai on moves 11 and 26.',
    grade: 'orange',
    category: 'kata',
    links: [['The Heian (Pinan) series', `${WIKI}Pinan`, 'article']],
  },
  {
    id: 'seed-syllabus-orange-kumite',
    title: 'Kumite: three-step sparring (sanbon kumite)',
    description: 'Jodan, chudan and mae-geri attacks in three steps; the defender finishes with a counter of their choice.',
    grade: 'orange',
    category: 'kumite',
    links: [['Kumite', `${WIKI}Kumite`, 'article']],
  },
  {
    id: 'seed-syllabus-orange-fitness',
    title: 'Grading conditioning test',
    description: 'Twenty push-ups on the knuckles, thirty sit-ups, one minute of front kicks on the pads.',
    grade: 'orange',
    category: 'fitness',
    links: [['Physical fitness', `${WIKI}Physical_fitness`, 'article']],
  },
];

/** Syllabus for the first three belts; items already present (same id) are left alone. */
export const syllabusSeeder: Seeder = {
  name: 'syllabus',
  async run({ db }) {
    const rows: NewSyllabusRow[] = DEMO_SYLLABUS.map((d) => ({
      id: d.id,
      title: d.title,
      description: d.description,
      grade: d.grade,
      gradeRank: gradeRank(d.grade),
      category: d.category,
      externalLinks: d.links.map(([title, url, type]) => ({ title, url, type })),
    }));
    const added = await db.insert(syllabusItems).values(rows).onConflictDoNothing().returning({ id: syllabusItems.id });
    return added.length;
  },
};

/** One published notice without files (the seed has no R2), uploaded by the demo admin. */
export const fileUploadsSeeder: Seeder = {
  name: 'file-uploads',
  async run({ db }) {
    const adminId = await demoAdminId(db);
    if (!adminId) return 0;
    const added = await db
      .insert(fileUploads)
      .values({
        id: 'seed-file-upload-gradings-2026',
        title: `Kyu grading schedule ${dayFrom(Date.now(), 0).y}`,
        description: 'Grading dates for white to brown belts. The sign-up spreadsheet is added here after the committee meeting.',
        tags: ['grading', 'schedule'],
        category: 'gradings',
        uploadedBy: adminId,
      })
      .onConflictDoNothing()
      .returning({ id: fileUploads.id });
    return added.length;
  },
};
