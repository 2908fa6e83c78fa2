import type { PostStatus, TargetStatus } from '#core/social/post-status.ts';
import { PLATFORM_LABELS } from '#core/social/platforms.ts';
import { formatDateTime } from '#web/components/format.ts';
import { useSchoolZone } from '#web/components/school-zone.tsx';
import type { TargetView } from './social-api.ts';

export const POST_STATUS_LABELS: Record<PostStatus, string> = {
  scheduled: 'Scheduled',
  publishing: 'Publishing',
  published: 'Published',
  partial: 'Partly published',
  failed: 'Failed',
};
export const TARGET_STATUS_LABELS: Record<TargetStatus, string> = {
  scheduled: 'Scheduled',
  publishing: 'Publishing',
  success: 'Posted',
  failed: 'Failed',
};

/** The whole post's state as a coloured badge (`social-status-<status>` in social.css). */
export function PostStatusBadge({ status }: { status: PostStatus }) {
  return <span className={`badge social-status-${status}`}>{POST_STATUS_LABELS[status]}</span>;
}

/**
 * One platform's outcome as a chip: "Facebook: Posted", "TikTok: Scheduled for …"; a failure opens
 * (click, Enter or Space) to the platform's own words, and carries them as its tooltip too.
 */
export function TargetChip({ target: t, scheduleTime }: { target: TargetView; scheduleTime: string | null }) {
  const zone = useSchoolZone();
  const name = PLATFORM_LABELS[t.platform];
  const when = t.status === 'scheduled' && scheduleTime ? ` for ${formatDateTime(scheduleTime, zone)}` : '';
  const text = `${name}: ${TARGET_STATUS_LABELS[t.status]}${when}`;
  const cls = `social-chip social-chip-${t.status}`;
  if (t.status === 'failed' && t.error)
    return (
      <details className="social-chip-details" data-platform={t.platform} data-status={t.status}>
        <summary className={cls} title={t.error}>
          {text}
        </summary>
        <p className="social-chip-error">{t.error}</p>
      </details>
    );
  return (
    <span className={cls} data-platform={t.platform} data-status={t.status}>
      {text}
    </span>
  );
}

export function TargetChips({ targets, scheduleTime }: { targets: TargetView[]; scheduleTime: string | null }) {
  return (
    <ul className="social-chips" aria-label="Platforms">
      {targets.map((t) => (
        <li key={t.platform}>
          <TargetChip target={t} scheduleTime={scheduleTime} />
        </li>
      ))}
    </ul>
  );
}

/** The first words of a post, for lists and link names. */
export function excerpt(content: string, max = 80): string {
  const line = content.replace(/\s+/g, ' ').trim();
  const chars = Array.from(line);
  return chars.length <= max ? line : `${chars.slice(0, max - 1).join('')}…`;
}
