/** The zod-free part of the posts contract (limits and messages), shared by the schemas, the server and the screens. */
export const SOCIAL_LIMITS = { content: 63_206, media: 10, search: 100 };

/** Spec 5 and 8 word for word where they give the words; ours where they are silent. */
export const SOCIAL_MESSAGES = {
  contentRequired: 'Content is required',
  platformRequired: 'At least one platform must be selected',
  platformsFormat: 'Invalid platforms format',
  /** `supported` is SOCIAL_PLATFORMS (passed in: an options module imports nothing). */
  unsupported: (names: readonly string[], supported: readonly string[]) =>
    `Unsupported platforms: ${names.join(', ')}. Supported platforms: ${supported.join(', ')}`,
  scheduleInvalid: 'Schedule time must be a valid date and time',
  scheduleInPast: 'Schedule time must be in the future',
  mediaInvalid: 'Media must be a list of asset IDs from the media library',
  mediaTooMany: `At most ${SOCIAL_LIMITS.media} media per post`,
  mediaMissing: 'A chosen media item is no longer in the media library',
  accountIdRequired: 'Account ID is required',
  postIdRequired: 'Post ID is required',
  postNotFound: 'Post not found',
  accountNotFound: 'Account not found',
  deleted: 'Post deleted',
  published: (ok: number, all: number) => `Post published to ${ok} of ${all} platform${all === 1 ? '' : 's'}`,
  scheduledFor: (at: Date) => `Post scheduled for ${at.toISOString()}`,
  retried: (ok: number, all: number) => `Retry finished: published to ${ok} of ${all} platform${all === 1 ? '' : 's'}`,
  nothingToRetry: 'Only failed platforms can be retried',
  notYetPublished: 'This post is scheduled and has not been published yet',
  publishingNow: 'This post is being published right now; try again in a moment',
  accountActivated: 'Account activated',
  accountDeactivated: 'Account deactivated',
  accountRefreshed: 'Token refreshed',
  accountDisconnected: 'Account disconnected',
  notConnected: (label: string) => `No active ${label} account is connected`,
  createFailed: 'Failed to create post',
  fetchFailed: 'Failed to fetch posts',
} as const;
