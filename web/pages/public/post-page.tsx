import { formatDate } from '#web/components/format.ts';
import { CoverImage } from '#web/components/cover-image.tsx';
import { PageHead } from '#web/components/page-head.tsx';
import { safeHref } from '#web/components/safe-url.ts';
import { SiteLayout } from '#web/components/site-layout.tsx';
import type { SiteInfo } from '#web/components/site-info.ts';
import { TextBlocks } from '#web/components/text-blocks.tsx';
import type { PostView } from './view-types.ts';

/** A blog post; its body is plain text, rendered as paragraphs (never as HTML). */
export function PostPage({ site, post }: { site: SiteInfo; post: PostView }) {
  const cover = safeHref(post.coverImage);
  return (
    <SiteLayout current="/blog" site={site}>
      <article>
        <PageHead as="header" crumb={{ href: '/blog', label: 'Blog' }} title={post.title}>
          {post.publishedAt && (
            <p className="muted">
              <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, site.timeZone)}</time>
            </p>
          )}
        </PageHead>
        <div className="section">
          <div className="container">
            <div className="prose">
              {cover && <CoverImage src={cover} width={post.coverWidth} height={post.coverHeight} name={post.title} />}
              {post.excerpt && !post.body.trim().startsWith(post.excerpt.trim()) && <p className="lead">{post.excerpt}</p>}
              <TextBlocks text={post.body} />
              {post.tags.length > 0 && (
                <ul className="tag-list" aria-label="Tags">
                  {post.tags.map((t) => (
                    <li key={t} className="badge">
                      {t}
                    </li>
                  ))}
                </ul>
              )}
              <p>
                <a href="/blog">← All posts</a>
              </p>
            </div>
          </div>
        </div>
      </article>
    </SiteLayout>
  );
}
