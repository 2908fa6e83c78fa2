import { assets, socialAccounts, socialLocalLog, socialPostTargets, socialPosts } from '#db/schema/index.ts';
import { demoAdminId } from './demo-users.ts';
import { dayLabel, demoDays, seasonOf } from './calendar.ts';
import type { Seeder } from './types.ts';

type NewSocialAccountRow = typeof socialAccounts.$inferInsert;
type NewSocialPostRow = typeof socialPosts.$inferInsert;
type NewSocialPostTargetRow = typeof socialPostTargets.$inferInsert;

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Two demo accounts on the local publisher (no tokens): Facebook's never expires, LinkedIn's ends in 5 days (the expiring-soon badge). */
const accounts = (now: number, adminId: string | null): NewSocialAccountRow[] => [
  {
    id: 'seed-social-account-facebook',
    platform: 'facebook',
    mode: 'local',
    externalId: 'local-facebook',
    name: 'Dojo Karate (demo page)',
    username: 'dojokarate',
    tokenExpiresAt: null,
    connectedBy: adminId,
  },
  {
    id: 'seed-social-account-linkedin',
    platform: 'linkedin',
    mode: 'local',
    externalId: 'local-linkedin',
    name: 'Dojo Karate (demo)',
    username: 'dojo-karate',
    tokenExpiresAt: new Date(now + 5 * DAY),
    connectedBy: adminId,
  },
];

/**
 * Platforms take JPEG/PNG photos, not the gallery's SVG drawings: two photos in the media library to post
 * with (the drawings rendered to JPEG, web/public/images/social-*.jpg).
 */
const PHOTOS: (typeof assets.$inferInsert)[] = [
  {
    id: 'seed-asset-social-1',
    title: 'Kata demonstration (photo)',
    altText: 'An instructor demonstrating a kata',
    mediaType: 'image',
    source: 'external',
    externalUrlLink: '/images/social-kata.jpg',
    mimeType: 'image/jpeg',
    width: 1080,
    height: 1080,
    tags: ['kata', 'social'],
  },
  {
    id: 'seed-asset-social-2',
    title: 'Tournament podium (photo)',
    altText: 'The podium after the regional tournament',
    mediaType: 'image',
    source: 'external',
    externalUrlLink: '/images/social-podium.jpg',
    mimeType: 'image/jpeg',
    width: 1080,
    height: 1080,
    tags: ['tournament', 'social'],
  },
];

/** The posts' words; the days they name come from the seeded events (db/seed/calendar.ts). */
function texts(now: number) {
  const { grading, campStart, campEnd } = demoDays(now);
  return {
    grading: `Mock grading done! 🥋 Congratulations to all 23 students who showed their kata and kihon to the panel: you are ready for the ${seasonOf(grading.month)} kyu grading on ${dayLabel(grading)}. Thank you to the parents who helped set up the dojo and to Sensei Maya for a long day on the judging table. Osu!`,
    tournament:
      'Interclub friendly results: our team brought home 4 gold, 3 silver and 6 bronze medals in kata and kumite. Special mention to the junior kata team, first place on their first competition. Proud of every one of you, win or learn.',
    camp: `Summer camp registrations are open! Three days of training by the lake, ${dayLabel(campStart)} to ${dayLabel(campEnd, true)}, for students from yellow belt up: kata at sunrise, kumite, swimming in the afternoon and a barbecue on the last night. Places are limited; ask at the front desk or book from your student panel.`,
  };
}

export function demoSocialPosts(now: number, adminId: string | null): { posts: NewSocialPostRow[]; targets: NewSocialPostTargetRow[] } {
  const words = texts(now);
  const gradingAt = new Date(now - 6 * DAY);
  const tournamentAt = new Date(now - 2 * DAY);
  const campAt = new Date(now + 3 * DAY);
  const done = (postId: string, platform: 'facebook' | 'linkedin', at: Date): NewSocialPostTargetRow => ({
    postId,
    platform,
    status: 'success',
    dueAt: at,
    attempts: 1,
    accountId: `seed-social-account-${platform}`,
    externalId: `seed-social-log-${postId.slice(-1)}-${platform}`,
    publishedAt: at,
    updatedAt: at,
  });
  return {
    posts: [
      {
        id: 'seed-social-post-1',
        content: words.grading,
        mediaIds: ['seed-asset-2'],
        createdBy: adminId,
        createdAt: gradingAt,
        updatedAt: gradingAt,
      },
      {
        id: 'seed-social-post-2',
        content: words.tournament,
        mediaIds: ['seed-asset-social-2'],
        createdBy: adminId,
        createdAt: tournamentAt,
        updatedAt: tournamentAt,
      },
      {
        id: 'seed-social-post-3',
        content: words.camp,
        mediaIds: ['seed-asset-social-1'],
        scheduleTime: campAt,
        createdBy: adminId,
        createdAt: new Date(now - HOUR),
        updatedAt: new Date(now - HOUR),
      },
    ],
    targets: [
      done('seed-social-post-1', 'facebook', gradingAt),
      done('seed-social-post-1', 'linkedin', gradingAt),
      done('seed-social-post-2', 'facebook', tournamentAt),
      // Instagram was never connected: retrying it once connected through the local stand-in shows how retry works.
      {
        postId: 'seed-social-post-2',
        platform: 'instagram',
        status: 'failed',
        dueAt: tournamentAt,
        attempts: 1,
        errorKind: 'not_connected',
        error: 'No active Instagram account is connected',
        updatedAt: tournamentAt,
      },
      { postId: 'seed-social-post-3', platform: 'facebook', status: 'scheduled', dueAt: campAt, updatedAt: campAt },
      { postId: 'seed-social-post-3', platform: 'linkedin', status: 'scheduled', dueAt: campAt, updatedAt: campAt },
    ],
  };
}

/** What the local stand-in recorded for the published targets (its rows are what they link to). */
const logOf = (targets: NewSocialPostTargetRow[], byId: Map<string, NewSocialPostRow>) =>
  targets
    .filter((t) => t.status === 'success')
    .map((t) => ({
      id: t.externalId!,
      accountId: t.accountId!,
      platform: t.platform,
      postId: t.postId,
      payload: { text: byId.get(t.postId)!.content, media: byId.get(t.postId)!.mediaIds!.map((assetId) => ({ assetId, kind: 'image' })) },
      createdAt: t.publishedAt!,
    }));

/** Two demo accounts on the local publisher and a few posts (issue 14): published, partial, scheduled. */
export const socialSeeder: Seeder = {
  name: 'social',
  async run({ db }) {
    const now = Date.now();
    const adminId = await demoAdminId(db);
    const demo = demoSocialPosts(now, adminId);
    const byId = new Map(demo.posts.map((p) => [p.id!, p]));
    const photos = await db
      .insert(assets)
      .values(PHOTOS.map((a) => ({ ...a, uploadedBy: adminId })))
      .onConflictDoNothing()
      .returning({ id: assets.id });
    // Any conflict (the id, or a platform already connected for real) leaves what is there.
    const a = await db.insert(socialAccounts).values(accounts(now, adminId)).onConflictDoNothing().returning({ id: socialAccounts.id });
    const p = await db.insert(socialPosts).values(demo.posts).onConflictDoNothing().returning({ id: socialPosts.id });
    const t = await db.insert(socialPostTargets).values(demo.targets).onConflictDoNothing().returning({ id: socialPostTargets.postId });
    const l = await db.insert(socialLocalLog).values(logOf(demo.targets, byId)).onConflictDoNothing().returning({ id: socialLocalLog.id });
    return photos.length + a.length + p.length + t.length + l.length;
  },
};
