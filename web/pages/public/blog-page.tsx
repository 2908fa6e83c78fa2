import { EmptyState, PageHead } from '#web/components/page-head.tsx';
import { Pager, pageHref } from '#web/components/pager.tsx';
import { SiteLayout } from '#web/components/site-layout.tsx';
import type { SiteInfo } from '#web/components/site-info.ts';
import { PostCard } from './post-card.tsx';
import type { PostSummaryView } from './view-types.ts';

type BlogData = { site: SiteInfo; posts: readonly PostSummaryView[]; pagination: { page: number; totalPages: number } };

export function BlogPage({ site, posts, pagination }: BlogData) {
  return (
    <SiteLayout current="/blog" site={site}>
      <PageHead eyebrow="Blog" title="News from the dojo" lead="Grading results, training tips, event reports and announcements." />
      <div className="section">
        <div className="container">
          {posts.length ? (
            <div className="grid">
              {posts.map((p) => (
                <PostCard key={p._id} post={p} headingLevel="h2" />
              ))}
            </div>
          ) : (
            <EmptyState>No posts yet — the first stories from the dojo are on their way.</EmptyState>
          )}
          <Pager page={pagination.page} totalPages={pagination.totalPages} href={(p) => pageHref('/blog', {}, p)} label="Blog pages" />
        </div>
      </div>
    </SiteLayout>
  );
}
