import { desc, sql } from 'drizzle-orm';
import { PLATFORM_LABELS, SOCIAL_PLATFORMS, tokenState } from '#core/social/platforms.ts';
import { socialAccounts, socialPostTargets, socialPosts } from '#db/schema/index.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { postsJson } from './social-posts.read.ts';

const n = (v: unknown) => Number(v ?? 0);

/** The dashboard: post totals by derived status, each platform's outcomes and account, the 5 newest posts. One batch of aggregates. */
export async function dashboardStats(ctx: Pick<ServiceCtx, 'db'>, now = new Date()) {
  const t = socialPostTargets;
  const perPost = ctx.db
    .select({
      n: sql<number>`count(*)`.as('n'),
      ok: sql<number>`sum(${t.status} = 'success')`.as('ok'),
      pub: sql<number>`sum(${t.status} = 'publishing')`.as('pub'),
      sch: sql<number>`sum(${t.status} = 'scheduled')`.as('sch'),
    })
    .from(t)
    .groupBy(t.postId)
    .as('per_post');
  const [totals, byPlatform, accounts, recent] = await ctx.db.batch([
    ctx.db
      .select({
        posts: sql<number>`count(*)`,
        published: sql<number>`sum(${perPost.pub} = 0 and ${perPost.ok} = ${perPost.n})`,
        partial: sql<number>`sum(${perPost.pub} = 0 and ${perPost.ok} > 0 and ${perPost.ok} < ${perPost.n})`,
        failed: sql<number>`sum(${perPost.pub} = 0 and ${perPost.ok} = 0 and ${perPost.sch} < ${perPost.n})`,
        scheduled: sql<number>`sum(${perPost.sch} = ${perPost.n})`,
      })
      .from(perPost),
    ctx.db
      .select({ platform: t.platform, status: t.status, count: sql<number>`count(*)` })
      .from(t)
      .groupBy(t.platform, t.status),
    ctx.db
      .select({ platform: socialAccounts.platform, isActive: socialAccounts.isActive, tokenExpiresAt: socialAccounts.tokenExpiresAt })
      .from(socialAccounts),
    ctx.db.select().from(socialPosts).orderBy(desc(socialPosts.createdAt), desc(socialPosts.id)).limit(5),
  ]);
  const count = (platform: string, status: string) => n(byPlatform.find((r) => r.platform === platform && r.status === status)?.count);
  const sum = totals[0];
  return {
    totals: {
      posts: n(sum?.posts),
      published: n(sum?.published),
      partial: n(sum?.partial),
      failed: n(sum?.failed),
      scheduled: n(sum?.scheduled),
    },
    platforms: SOCIAL_PLATFORMS.map((platform) => {
      const account = accounts.find((a) => a.platform === platform);
      return {
        platform,
        label: PLATFORM_LABELS[platform],
        success: count(platform, 'success'),
        failed: count(platform, 'failed'),
        scheduled: count(platform, 'scheduled'),
        connected: Boolean(account),
        active: Boolean(account?.isActive),
      };
    }),
    connectedAccounts: accounts.length,
    activeAccounts: accounts.filter((a) => a.isActive).length,
    expiringSoon: accounts.filter((a) => tokenState(a.tokenExpiresAt, now) === 'expiring_soon').length,
    recent: await postsJson(ctx, recent),
  };
}
