import { formatDateTime } from '#web/components/format.ts';
import { useSchoolZone } from '#web/components/school-zone.tsx';
import { PanelLink } from '#web/panel/router.tsx';
import type { PostView } from './social-api.ts';
import { excerpt, PostStatusBadge, TargetChips } from './social-parts.tsx';

/** Posts as cards (they read as well at 360 px as on a desk): opening words, state, each platform's outcome. */
export function PostCards({ base, posts }: { base: string; posts: PostView[] }) {
  const zone = useSchoolZone();
  return (
    <ul className="social-post-cards">
      {posts.map((p) => (
        <li key={p._id} className="card social-post-card" data-id={p._id} data-status={p.status}>
          <div className="social-post-card-head">
            <PanelLink href={`${base}/posts/${encodeURIComponent(p._id)}`} className="social-post-link">
              {excerpt(p.content)}
            </PanelLink>
            <PostStatusBadge status={p.status} />
          </div>
          <TargetChips targets={p.platforms} scheduleTime={p.scheduleTime} />
          <p className="cell-note">
            {p.scheduleTime && p.status === 'scheduled'
              ? `Scheduled for ${formatDateTime(p.scheduleTime, zone)}`
              : formatDateTime(p.createdAt, zone)}
            {p.createdByName ? ` · ${p.createdByName}` : ''}
            {p.media.length > 0 ? ` · ${p.media.length} media` : ''}
          </p>
        </li>
      ))}
    </ul>
  );
}
