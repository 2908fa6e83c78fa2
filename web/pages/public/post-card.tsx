import { formatShortDate } from '#web/components/format.ts';
import { CoverImage } from '#web/components/cover-image.tsx';
import { safeHref } from '#web/components/safe-url.ts';
import { postHref } from './links.ts';
import type { PostSummaryView } from './view-types.ts';

export function PostCard({ post, zone, headingLevel: H = 'h3' }: { post: PostSummaryView; zone: string; headingLevel?: 'h2' | 'h3' }) {
  const cover = safeHref(post.coverImage);
  return (
    <article className="card post-card">
      {cover && <CoverImage card src={cover} width={post.coverWidth} height={post.coverHeight} />}
      {post.publishedAt && (
        <time className="muted card-date" dateTime={post.publishedAt}>
          {formatShortDate(post.publishedAt, zone)}
        </time>
      )}
      <H className="card-title">
        <a className="card-link" href={postHref(post.slug)}>
          {post.title}
        </a>
      </H>
      {post.excerpt && <p className="muted">{post.excerpt}</p>}
    </article>
  );
}
