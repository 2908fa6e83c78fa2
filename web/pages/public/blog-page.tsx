import type { SiteInfo } from '#web/components/site-info.ts';
import { ListingPage } from './listing-page.tsx';
import { PostCard } from './post-card.tsx';
import type { PostSummaryView } from './view-types.ts';

type BlogData = { site: SiteInfo; posts: readonly PostSummaryView[]; pagination: { page: number; totalPages: number } };

export function BlogPage({ site, posts, pagination }: BlogData) {
  return (
    <ListingPage
      site={site}
      path="/blog"
      eyebrow="Blog"
      title="News from the dojo"
      lead="Grading results, training tips, event reports and announcements."
      cards={posts.map((p) => (
        <PostCard key={p._id} post={p} zone={site.timeZone} headingLevel="h2" />
      ))}
      empty="No posts yet — the first stories from the dojo are on their way."
      pager={{ ...pagination, label: 'Blog pages' }}
    />
  );
}
