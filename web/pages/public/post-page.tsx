import { formatDate } from '#web/components/format.ts';
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
        <header className="band-dark page-head">
          <div className="container">
            <nav aria-label="Breadcrumb" className="breadcrumb">
              <a href="/blog">Blog</a>
            </nav>
            <h1>{post.title}</h1>
            {post.publishedAt && (
              <p className="muted">
                <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
              </p>
            )}
          </div>
        </header>
        <div className="section">
          <div className="container">
            <div className="prose">
              {cover && (
                <img
                  className="detail-media"
                  src={cover}
                  alt=""
                  width={post.coverWidth ?? 960}
                  height={post.coverHeight ?? 600}
                  fetchPriority="high"
                />
              )}
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
