import {
  classes,
  courses,
  events,
  membershipPlans,
  memberships,
  seminars,
  type NewClassRow,
  type NewCourseRow,
  type NewMembershipPlanRow,
  type NewMembershipRow,
} from '#db/schema/index.ts';
import { demoEvents, demoSeminars } from './schedule.ts';
import type { Seeder } from './types.ts';

/**
 * The school's catalog: courses, memberships with their plans, the weekly timetable, and the events and
 * seminars of ./schedule.ts. Fixed ids make it idempotent (ON CONFLICT DO NOTHING); money is in cents (CAD), dates are
 * relative to the day of seeding so the demo always has upcoming events. Pictures are the drawings of
 * web/public/images (scripts/make-illustrations.ts), referenced by their site path (no R2 in Node).
 */
export const DEMO_COURSES: NewCourseRow[] = [
  {
    id: 'seed-course-kids',
    title: 'Kids Karate (6–9)',
    slug: 'kids-karate',
    image: '/images/course-kids.svg',
    shortDescription: 'Focus, respect and coordination through play-based karate.',
    description:
      'A 12-week course for young beginners. Classes mix games with basic stances, blocks and strikes, and end with a white-to-yellow belt grading. Parents are welcome to watch the last ten minutes.',
    category: 'Kids',
    level: 'beginner',
    instructorName: 'Sensei Maya Ito',
    durationWeeks: 12,
    sessionsPerWeek: 2,
    schedule: 'Tuesdays and Thursdays, 17:00–17:45',
    priceCents: 24_000,
    discountPriceCents: 19_900,
    capacity: 16,
    featured: true,
    ageGroup: '6–9 years',
    prerequisites: 'None',
    highlights: ['Yellow belt grading included', 'Small groups (max 16)', 'Loaner gi for the first month'],
  },
  {
    id: 'seed-course-adult-beginners',
    title: 'Adult Beginners',
    slug: 'adult-beginners',
    image: '/images/course-adult-beginners.svg',
    shortDescription: 'Start karate from zero in a friendly, no-pressure group.',
    description:
      'Learn the foundations of traditional karate: stances, basic techniques, first kata and light partner drills. Fitness improves along the way; no previous experience needed.',
    category: 'Adults',
    level: 'beginner',
    instructorName: 'Sensei Aiko Mori',
    durationWeeks: 10,
    sessionsPerWeek: 2,
    schedule: 'Mondays and Wednesdays, 19:00–20:15',
    priceCents: 29_000,
    capacity: 20,
    featured: true,
    ageGroup: '16+',
    prerequisites: 'None',
    highlights: ['First kata: Heian Shodan', 'Self-defence basics', 'Grading to 9th kyu at the end'],
  },
  {
    id: 'seed-course-kata',
    title: 'Kata Mastery',
    slug: 'kata-mastery',
    image: '/images/course-kata.svg',
    shortDescription: 'Deepen your kata with bunkai, timing and breathing.',
    description: 'An 8-week deep dive into the Heian and Tekki series with applications (bunkai) practised in pairs.',
    category: 'Adults',
    level: 'intermediate',
    instructorName: 'Kenji Yamada Sensei',
    durationWeeks: 8,
    sessionsPerWeek: 1,
    schedule: 'Saturdays, 10:00–11:30',
    priceCents: 18_000,
    discountPriceCents: 15_000,
    capacity: 14,
    featured: false,
    ageGroup: '14+',
    prerequisites: 'Yellow belt (8th kyu) or above',
    highlights: ['Bunkai in pairs', 'Video feedback', 'Tournament kata preparation'],
  },
  {
    id: 'seed-course-kumite',
    title: 'Kumite & Sparring',
    slug: 'kumite-sparring',
    image: '/images/course-kumite.svg',
    shortDescription: 'Controlled sparring: distance, timing and tournament rules.',
    description: 'Structured kumite drills building up to controlled free sparring under WKF rules. Mouth guard and mitts required.',
    category: 'Adults',
    level: 'advanced',
    instructorName: 'Sensei Aiko Mori',
    durationWeeks: 10,
    sessionsPerWeek: 1,
    schedule: 'Fridays, 19:00–20:30',
    priceCents: 22_000,
    capacity: 18,
    featured: true,
    ageGroup: '14+',
    prerequisites: 'Orange belt (7th kyu) or above',
    highlights: ['WKF competition rules', 'Protective gear coaching', 'Sparring log to track progress'],
  },
  {
    id: 'seed-course-self-defence',
    title: 'Practical Self-Defence',
    slug: 'practical-self-defence',
    image: '/images/course-self-defence.svg',
    shortDescription: 'Six weeks of simple, effective techniques for real situations.',
    description:
      'Awareness, de-escalation, escapes from grabs and simple strikes, practised safely with pads. Open to everyone, no belt needed.',
    category: 'Self-defence',
    level: 'all',
    instructorName: 'Sensei Maya Ito',
    durationWeeks: 6,
    sessionsPerWeek: 1,
    schedule: 'Sundays, 11:00–12:30',
    priceCents: 12_000,
    discountPriceCents: 9_900,
    capacity: 24,
    featured: false,
    ageGroup: '16+',
    prerequisites: 'None',
    highlights: ['Awareness and de-escalation', 'Escapes from common grabs', 'Pad work for real power'],
  },
  {
    id: 'seed-course-black-belt',
    title: 'Black Belt Preparation',
    slug: 'black-belt-preparation',
    image: '/images/course-black-belt.svg',
    shortDescription: 'A 16-week programme towards your shodan grading.',
    description:
      'Kihon, kata and kumite at shodan level, with mock gradings, a written theory part and a personal plan from the chief instructor.',
    category: 'Adults',
    level: 'advanced',
    instructorName: 'Kenji Yamada Sensei',
    durationWeeks: 16,
    sessionsPerWeek: 2,
    schedule: 'Tuesdays and Thursdays, 20:00–21:30',
    priceCents: 48_000,
    capacity: 10,
    featured: false,
    ageGroup: '16+',
    prerequisites: 'Brown belt (1st kyu) and the chief instructor’s approval',
    highlights: ['Two mock gradings', 'Theory and history module', 'One-to-one plan with the chief instructor'],
  },
];

const plan = (
  membershipId: string,
  key: string,
  name: string,
  durationMonths: number,
  priceCents: number,
  discountPriceCents: number | null,
  position: number,
): NewMembershipPlanRow => ({
  id: `seed-plan-${key}`,
  membershipId,
  name,
  durationMonths,
  priceCents,
  discountPriceCents,
  gstRate: 5,
  position,
});

export const DEMO_MEMBERSHIPS: NewMembershipRow[] = [
  {
    id: 'seed-membership-basic',
    name: 'Basic',
    description: 'Two regular classes a week at your level.',
    benefits: ['2 classes per week', 'Grading eligibility', 'Member newsletter'],
    featured: false,
    sortOrder: 1,
  },
  {
    id: 'seed-membership-standard',
    name: 'Standard',
    description: 'Unlimited regular classes plus open mat.',
    benefits: ['Unlimited regular classes', 'Saturday open mat', '10% off seminars', 'Free grading for your first belt'],
    featured: true,
    sortOrder: 2,
  },
  {
    id: 'seed-membership-family',
    name: 'Family',
    description: 'Unlimited classes for up to four members of one household.',
    benefits: ['Up to 4 family members', 'Unlimited regular classes', '15% off seminars and camps', 'One free family photo session'],
    featured: false,
    sortOrder: 3,
  },
];

export const DEMO_PLANS: NewMembershipPlanRow[] = [
  plan('seed-membership-basic', 'basic-monthly', 'Monthly', 1, 8_900, null, 0),
  plan('seed-membership-basic', 'basic-annual', 'Annual', 12, 96_000, 89_000, 1),
  plan('seed-membership-standard', 'standard-monthly', 'Monthly', 1, 12_900, null, 0),
  plan('seed-membership-standard', 'standard-annual', 'Annual', 12, 139_000, 125_000, 1),
  plan('seed-membership-family', 'family-monthly', 'Monthly', 1, 24_900, null, 0),
  plan('seed-membership-family', 'family-annual', 'Annual', 12, 269_000, 239_000, 1),
];

const cls = (
  key: string,
  title: string,
  dayOfWeek: number,
  startTime: string,
  endTime: string,
  level: string,
  instructorName: string,
  ageGroup: string,
  capacity: number,
): NewClassRow => ({
  id: `seed-class-${key}`,
  title,
  dayOfWeek,
  startTime,
  endTime,
  level,
  instructorName,
  ageGroup,
  capacity,
  location: 'Main dojo',
});

export const DEMO_CLASSES: NewClassRow[] = [
  cls('mon-kids', 'Little Dragons', 1, '16:30', '17:15', 'beginner', 'Sensei Maya Ito', '4–6 years', 12),
  cls('mon-adults', 'Adult Fundamentals', 1, '19:00', '20:15', 'beginner', 'Sensei Aiko Mori', '16+', 20),
  cls('tue-kids', 'Kids Karate', 2, '17:00', '17:45', 'beginner', 'Sensei Maya Ito', '6–9 years', 16),
  cls('tue-teens', 'Teens Karate', 2, '18:00', '19:00', 'intermediate', 'Sensei Aiko Mori', '10–15 years', 18),
  cls('wed-adults', 'Adult Fundamentals', 3, '19:00', '20:15', 'beginner', 'Sensei Aiko Mori', '16+', 20),
  cls('thu-kids', 'Kids Karate', 4, '17:00', '17:45', 'beginner', 'Sensei Maya Ito', '6–9 years', 16),
  cls('thu-advanced', 'Advanced Kata & Kihon', 4, '20:00', '21:30', 'advanced', 'Kenji Yamada Sensei', '16+', 14),
  cls('fri-kumite', 'Kumite Club', 5, '19:00', '20:30', 'advanced', 'Sensei Aiko Mori', '14+', 18),
  cls('sat-family', 'Family Class', 6, '09:00', '10:00', 'all', 'Sensei Maya Ito', 'All ages', 24),
  cls('sat-kata', 'Kata Mastery', 6, '10:00', '11:30', 'intermediate', 'Kenji Yamada Sensei', '14+', 14),
  cls('sun-selfdefence', 'Self-Defence Workshop', 0, '11:00', '12:30', 'all', 'Sensei Maya Ito', '16+', 24),
];

export const catalogSeeder: Seeder = {
  name: 'catalog',
  async run({ db }) {
    const added = await db.batch([
      db
        .insert(courses)
        .values(DEMO_COURSES.map((c) => ({ gstRateBp: 500, ...c })))
        .onConflictDoNothing()
        .returning({ id: courses.id }),
      db.insert(memberships).values(DEMO_MEMBERSHIPS).onConflictDoNothing().returning({ id: memberships.id }),
      db.insert(membershipPlans).values(DEMO_PLANS).onConflictDoNothing().returning({ id: membershipPlans.id }),
      db.insert(classes).values(DEMO_CLASSES).onConflictDoNothing().returning({ id: classes.id }),
      db.insert(events).values(demoEvents()).onConflictDoNothing().returning({ id: events.id }),
      db.insert(seminars).values(demoSeminars()).onConflictDoNothing().returning({ id: seminars.id }),
    ]);
    return added.reduce((sum, rows) => sum + rows.length, 0);
  },
};
