/** Belt grades in teaching order: kyu belts, then the dan grades of the black belt. */
export const GRADES = [
  'white',
  'yellow',
  'orange',
  'green',
  'blue',
  'purple',
  'brown',
  'black-1',
  'black-2',
  'black-3',
  'black-4',
  'black-5',
  'black-6',
  'black-7',
  'black-8',
  'black-9',
  'black-10',
] as const;
export type Grade = (typeof GRADES)[number];

export const SYLLABUS_CATEGORIES = ['kata', 'kumite', 'kihon', 'theory', 'fitness', 'self-defense', 'terminology', 'other'] as const;
export type SyllabusCategory = (typeof SYLLABUS_CATEGORIES)[number];

export const LINK_TYPES = ['video', 'article', 'document', 'audio', 'website', 'other'] as const;
export type LinkType = (typeof LINK_TYPES)[number];

export const isGrade = (v: unknown): v is Grade => typeof v === 'string' && (GRADES as readonly string[]).includes(v);

/**
 * A grade as people type it ("Green", "green belt", "Black 2", "black_1") in the list's spelling.
 * Profiles hold free text set by admins, so both sides of a comparison go through this.
 * Answers the normalised text even when it is not a known grade (it then matches nothing).
 */
export function normalizeGrade(raw: unknown): string {
  if (typeof raw !== 'string') return '';
  const s = raw
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .replace(/-?belt$/, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  if (s === 'black') return 'black-1';
  const dan = s.match(/^black-?(\d{1,2})(?:st|nd|rd|th)?(?:-dan)?$/);
  return dan ? `black-${Number(dan[1])}` : s;
}

/** Position in GRADES (teaching order), or GRADES.length for anything unknown. */
export const gradeRank = (grade: string): number => {
  const i = (GRADES as readonly string[]).indexOf(grade);
  return i < 0 ? GRADES.length : i;
};
