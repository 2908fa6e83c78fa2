/**
 * A post goes to each of its platforms separately (spec 4: each ends success or failed). A target is
 * `scheduled` until its time, `publishing` while one request holds it (the claim that makes publishing
 * idempotent), then `success` or `failed`; only `failed` may be retried.
 */
export const TARGET_STATUSES = ['scheduled', 'publishing', 'success', 'failed'] as const;
export type TargetStatus = (typeof TARGET_STATUSES)[number];

/** The post as a whole, derived from its targets (never stored apart from them). */
export const POST_STATUSES = ['scheduled', 'publishing', 'published', 'partial', 'failed'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export function postStatus(targets: readonly { status: TargetStatus }[]): PostStatus {
  const s = targets.map((t) => t.status);
  if (s.includes('publishing')) return 'publishing';
  if (s.length > 0 && s.every((x) => x === 'scheduled')) return 'scheduled';
  if (s.every((x) => x === 'success')) return 'published';
  if (s.some((x) => x === 'success')) return 'partial';
  return 'failed';
}

/** Why a platform failed, as the platform's answer is sorted by the adapters (the message itself is kept as given). */
export const FAILURE_KINDS = [
  'expired_token',
  'rate_limited',
  'rejected_media',
  'rejected',
  'not_connected',
  'unavailable',
  'interrupted',
] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];
