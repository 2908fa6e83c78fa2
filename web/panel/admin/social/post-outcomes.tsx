import { useState } from 'react';
import { PLATFORM_LABELS, type SocialPlatform } from '#core/social/platforms.ts';
import { formatDateTime } from '#web/components/format.ts';
import { useSchoolZone } from '#web/components/school-zone.tsx';
import { FormAlert, FormStatus } from '#web/components/form-kit.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { retryPost, type PostView } from './social-api.ts';
import { TARGET_STATUS_LABELS } from './social-parts.tsx';

type Props = { post: PostView; onChange: (post: PostView) => void; accountsHref: string };

/**
 * Each platform's outcome: the link to the published post, the platform's own words for a failure
 * with Retry, the scheduled time. Retry asks the server for those platforms only (decision 013: only
 * failed ones; a refusal such as 409 is shown in its words).
 */
export function PostOutcomes({ post, onChange, accountsHref }: Props) {
  const zone = useSchoolZone();
  const [busy, setBusy] = useState<SocialPlatform | 'all' | null>(null);
  const [alert, setAlert] = useState('');
  const [notice, setNotice] = useState('');
  const failed = post.platforms.filter((t) => t.status === 'failed');

  async function retry(which: SocialPlatform | 'all') {
    setBusy(which);
    setAlert('');
    setNotice('');
    try {
      const r = await retryPost(post._id, which === 'all' ? [] : [which]);
      onChange(r.post);
      setNotice(r.message);
    } catch (err) {
      setAlert(errorMessage(err));
    } finally {
      setBusy(null);
    }
  }
  return (
    <section className="social-outcomes" aria-labelledby={`outcomes-${post._id}`}>
      <div className="screen-head">
        <h2 id={`outcomes-${post._id}`}>Platforms</h2>
        {failed.length > 0 && (
          <button type="button" className="btn btn-primary btn-sm" disabled={!!busy} onClick={() => void retry('all')}>
            {busy === 'all' ? 'Retrying…' : 'Retry failed'}
          </button>
        )}
      </div>
      <FormStatus message={notice} />
      <FormAlert message={alert} />
      <ul className="social-outcome-list">
        {post.platforms.map((t) => (
          <li key={t.platform} className={`social-outcome social-outcome-${t.status}`} data-platform={t.platform} data-status={t.status}>
            <strong>{PLATFORM_LABELS[t.platform]}</strong>
            <span className={`social-chip social-chip-${t.status}`}>{TARGET_STATUS_LABELS[t.status]}</span>
            {t.status === 'success' &&
              (t.url ? (
                <a href={t.url} target="_blank" rel="noopener noreferrer">
                  View on {PLATFORM_LABELS[t.platform]}
                </a>
              ) : (
                <span className="cell-note">Posted{t.publishedAt ? ` ${formatDateTime(t.publishedAt, zone)}` : ''}</span>
              ))}
            {t.status === 'scheduled' && post.scheduleTime && (
              <span className="cell-note">for {formatDateTime(post.scheduleTime, zone)}</span>
            )}
            {t.status === 'failed' && (
              <>
                <p className="social-outcome-error">{t.error ?? 'The platform gave no reason.'}</p>
                {t.errorKind === 'not_connected' || t.errorKind === 'expired_token' ? (
                  <a href={accountsHref}>Connect {PLATFORM_LABELS[t.platform]}</a>
                ) : null}
                <button type="button" className="btn btn-secondary btn-sm" disabled={!!busy} onClick={() => void retry(t.platform)}>
                  {busy === t.platform ? 'Retrying…' : 'Retry'}
                  <span className="visually-hidden"> {PLATFORM_LABELS[t.platform]}</span>
                </button>
              </>
            )}
            {t.attempts > 1 && <span className="cell-note">{t.attempts} attempts</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
