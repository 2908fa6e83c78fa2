import { GRADES, SYLLABUS_CATEGORIES } from './grades.ts';

const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "Yellow belt", "Black belt, 2. dan"; an unknown grade as written. */
export const gradeLabel = (g: string) =>
  g.startsWith('black-') ? `Black belt, ${g.slice(6)}. dan` : (GRADES as readonly string[]).includes(g) ? `${upperFirst(g)} belt` : g;

const CATEGORY_LABELS: Record<(typeof SYLLABUS_CATEGORIES)[number], string> = {
  kata: 'Kata',
  kumite: 'Kumite',
  kihon: 'Kihon',
  theory: 'Theory',
  fitness: 'Fitness',
  'self-defense': 'Self-defence',
  terminology: 'Terminology',
  other: 'Other',
};

export const categoryLabel = (c: string) => CATEGORY_LABELS[c as keyof typeof CATEGORY_LABELS] ?? upperFirst(c);
