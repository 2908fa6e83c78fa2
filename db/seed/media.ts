import {
  alliances,
  assets,
  organizationalCharts,
  posts,
  testimonials,
  type NewAllianceRow,
  type NewAssetRow,
  type NewPostRow,
  type NewTestimonialRow,
} from '#db/schema/index.ts';
import { demoAdminId } from './demo-users.ts';
import { capitalise, dayLabel, demoDays, seasonOf } from './calendar.ts';
import type { Seeder } from './types.ts';

/**
 * Gallery, organizational chart, testimonials, alliances and blog posts. The seed runs in Node without
 * R2, so images are the small SVGs of web/public/images, referenced by their site path.
 */
const GALLERY: [title: string, alt: string, tags: string[], featured: boolean][] = [
  ['Sunrise training on the beach', 'Students practising kata on the beach at sunrise', ['training', 'outdoors'], true],
  ['Black belt grading', 'A black belt tied above two gold stripes', ['grading'], true],
  ['Kids class', 'Four junior students lined up in white gi', ['kids', 'classes'], false],
  ['Dojo floor before class', 'The empty dojo floor and the school emblem', ['dojo'], false],
  ['Kata demonstration', 'An instructor demonstrating a kata', ['kata', 'demonstration'], true],
  ['Tournament podium', 'The podium after the regional tournament', ['tournament'], false],
  ['Sparring practice', 'Two students sparring with pads', ['kumite', 'training'], false],
  ['Summer seminar group photo', 'Seminar participants lined up on the grass', ['seminar', 'outdoors'], false],
];

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

export const DEMO_ASSETS: NewAssetRow[] = GALLERY.map(([title, altText, tags, featured], i) => ({
  id: `seed-asset-${i + 1}`,
  title,
  altText,
  description: '',
  mediaType: 'image',
  source: 'external',
  externalUrlLink: `/images/gallery-${i + 1}.svg`,
  mimeType: 'image/svg+xml',
  width: 1200,
  height: 800,
  featured,
  tags,
  createdAt: ago(GALLERY.length - i),
}));

/** The gallery's video: a drawn kata sequence (scripts/make-gallery-video.ts), silent, with its WebP poster beside it. */
export const DEMO_VIDEO: NewAssetRow = {
  id: 'seed-asset-video-1',
  title: 'Kata sequence (video)',
  altText: 'Animated drawing, 6 seconds, silent: a karateka bows, makes a rising block, steps into a punch and finishes with a front kick',
  description: '',
  mediaType: 'video',
  source: 'external',
  externalUrlLink: '/video/kata-sequence.webm',
  mimeType: 'video/webm',
  width: 960,
  height: 540,
  featured: true,
  tags: ['kata', 'video'],
  createdAt: ago(GALLERY.length + 1),
};

export const DEMO_TESTIMONIALS: NewTestimonialRow[] = [
  {
    id: 'seed-testimonial-1',
    name: 'Maria Lopez',
    role: 'Parent of a junior student',
    rating: 5,
    featured: true,
    quote: 'In one term our son went from shy to confident. The instructors are patient, strict where it matters and always kind.',
  },
  {
    id: 'seed-testimonial-2',
    name: 'David Chen',
    role: 'Adult student, brown belt',
    rating: 5,
    featured: true,
    quote: 'I started at forty with no sport behind me. Four years later I am fitter than ever and the dojo feels like a second family.',
  },
  {
    id: 'seed-testimonial-3',
    name: 'Priya Sharma',
    role: 'Member since 2021',
    rating: 4,
    featured: false,
    quote: 'The evening classes fit around work, the syllabus is clear and every grading is fair and well explained.',
  },
  {
    id: 'seed-testimonial-4',
    name: 'Lucas Martin',
    role: 'Parent of two students',
    rating: 5,
    featured: false,
    quote: 'Both our daughters look forward to training every week. The summer camp was the highlight of their year.',
  },
];

export const DEMO_ALLIANCES: NewAllianceRow[] = [
  {
    id: 'seed-alliance-1',
    name: 'Ontario Karate Federation',
    country: 'Canada',
    website: null,
    logoKey: '/images/alliance-ontario.svg',
    logoWidth: 400,
    logoHeight: 400,
    description: 'Provincial federation: referee courses, tournaments and national team selection.',
  },
  {
    id: 'seed-alliance-2',
    name: 'Kyoto Traditional Karate Association',
    country: 'Japan',
    website: null,
    logoKey: '/images/alliance-kyoto.svg',
    logoWidth: 400,
    logoHeight: 400,
    description: 'Our sister school in Kyoto, host of the yearly instructor exchange.',
  },
  {
    id: 'seed-alliance-3',
    name: 'Pacific Martial Arts Alliance',
    country: 'United States',
    website: null,
    logoKey: '/images/alliance-pacific.svg',
    logoWidth: 400,
    logoHeight: 400,
    description: 'A network of independent dojos sharing seminars and summer camps.',
  },
];

const post = (
  now: number,
  id: string,
  title: string,
  slug: string,
  tags: string[],
  body: string,
  cover: string | null,
  publishedDaysAgo: number | null,
): NewPostRow => ({
  id,
  title,
  slug,
  tags,
  body,
  excerpt: body.split('\n\n')[0]!.slice(0, 240),
  coverImageKey: cover,
  coverWidth: cover ? 1200 : null,
  coverHeight: cover ? 630 : null,
  status: publishedDaysAgo === null ? 'draft' : 'published',
  publishedAt: publishedDaysAgo === null ? null : new Date(now - publishedDaysAgo * DAY),
  createdAt: new Date(now - (publishedDaysAgo ?? 0) * DAY),
});

/** The blog: its dates count back from `now`, and what it says about coming days is taken from the seeded events' dates. */
export function demoPosts(now = Date.now()): NewPostRow[] {
  const { grading, campStart, campEnd } = demoDays(now);
  const season = seasonOf(grading.month);
  const camp = `${dayLabel(campStart)} to ${dayLabel(campEnd)}`;
  return [
    post(
      now,
      'seed-post-1',
      `${capitalise(season)} grading: what to expect`,
      'grading-what-to-expect',
      ['grading', 'news'],
      `Our ${season} kyu grading takes place on ${dayLabel(grading)}. Every student who has trained at least twice a week since their last grading, and whose instructor recommends them, is welcome to take part.\n\nBring a clean gi, your current belt and your grading card. Juniors grade from 10:00, adults from 13:00. Parents are welcome to watch from the gallery.\n\n## How to prepare\n\n- Practise your kata slowly, then at full speed.\n- Know the names of the techniques of your grade.\n- Rest well the night before.`,
      '/images/post-grading.svg',
      3,
    ),
    post(
      now,
      'seed-post-2',
      `Summer camp ${campStart.y} is open for registration`,
      'summer-camp-registration',
      ['camp', 'events'],
      `Three days of training by the lake, ${camp}: kata at sunrise, kumite, swimming in the afternoon and a barbecue on the last night.\n\nThe camp is open to students from yellow belt upwards. Places are limited to forty, so register early at the front desk or by sending us an enquiry.`,
      '/images/post-camp.svg',
      14,
    ),
    post(
      now,
      'seed-post-3',
      'Three medals at the regional tournament',
      'regional-tournament-results',
      ['tournament', 'news'],
      'Congratulations to our team: one gold in junior kata, one silver in adult kumite and one bronze in team kata.\n\nThank you to the parents who drove, cheered and filmed, and to our instructors for months of preparation.',
      '/images/post-tournament.svg',
      30,
    ),
    post(
      now,
      'seed-post-4',
      'A new timetable (draft)',
      'new-timetable',
      ['classes'],
      'With the new timetable the Tuesday adult class moves to 19:30 and a new beginners class starts on Saturday mornings.\n\nThe start date is to be confirmed before publishing.',
      '/images/post-timetable.svg',
      null,
    ),
  ];
}

export const DEMO_POSTS: NewPostRow[] = demoPosts();

export const mediaSeeder: Seeder = {
  name: 'media',
  async run({ db }) {
    const adminId = await demoAdminId(db);
    const added = await Promise.all([
      db
        .insert(assets)
        .values([...DEMO_ASSETS, DEMO_VIDEO].map((a) => ({ ...a, uploadedBy: adminId })))
        .onConflictDoNothing()
        .returning({ id: assets.id }),
      db
        .insert(organizationalCharts)
        .values({
          id: 'seed-chart-1',
          title: 'Who is who at the dojo',
          alt: 'Organizational chart: the grandmaster at the top, the head of school, the chief instructor and the front desk below, then the junior and adult programs',
          description: 'The people you will meet at the school and what each of them looks after.',
          featured: true,
          imageKey: '/images/org-chart.svg',
          mimeType: 'image/svg+xml',
          sizeBytes: 2287,
          width: 1200,
          height: 800,
          createdBy: adminId,
        })
        .onConflictDoNothing()
        .returning({ id: organizationalCharts.id }),
      db.insert(testimonials).values(DEMO_TESTIMONIALS).onConflictDoNothing().returning({ id: testimonials.id }),
      db.insert(alliances).values(DEMO_ALLIANCES).onConflictDoNothing().returning({ id: alliances.id }),
      db
        .insert(posts)
        .values(DEMO_POSTS.map((p) => ({ ...p, authorId: adminId })))
        .onConflictDoNothing()
        .returning({ id: posts.id }),
    ]);
    return added.reduce((n, rows) => n + rows.length, 0);
  },
};
