import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { SocialPlatform } from '#core/social/platforms.ts';
import type { FailureKind, TargetStatus } from '#core/social/post-status.ts';
import { users } from './users.ts';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/**
 * The school's account on a platform (one per platform). `mode` 'local' is a demo account of the
 * local publisher (no tokens); 'live' holds the platform's tokens encrypted with AES-GCM
 * (worker/lib/social/token-crypto.ts), never returned by any call.
 */
export const socialAccounts = sqliteTable(
  'social_accounts',
  {
    id: text('id').primaryKey(),
    platform: text('platform').$type<SocialPlatform>().notNull(),
    mode: text('mode').$type<'live' | 'local'>().notNull().default('live'),
    /** The platform's id of what we post as (page id, person URN, channel id…). */
    externalId: text('external_id').notNull(),
    name: text('name').notNull().default(''),
    username: text('username'),
    accessTokenEnc: text('access_token_enc'),
    refreshTokenEnc: text('refresh_token_enc'),
    tokenExpiresAt: integer('token_expires_at', { mode: 'timestamp_ms' }),
    refreshExpiresAt: integer('refresh_expires_at', { mode: 'timestamp_ms' }),
    scope: text('scope'),
    /** What an adapter needs besides the token (e.g. the Instagram business account behind a page). */
    extra: text('extra', { mode: 'json' }).$type<Record<string, string>>().notNull().default({}),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    lastRefreshedAt: integer('last_refreshed_at', { mode: 'timestamp_ms' }),
    lastError: text('last_error'),
    /** A refresh in flight holds the account until then (two refreshes never race at the platform). */
    refreshLeaseUntil: integer('refresh_lease_until', { mode: 'timestamp_ms' }),
    /** The expiry the admins were told about; a new expiry (after a reconnect) tells them again. */
    expiryNotifiedFor: integer('expiry_notified_for', { mode: 'timestamp_ms' }),
    connectedBy: text('connected_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [uniqueIndex('social_accounts_platform_uq').on(t.platform), index('social_accounts_expires_idx').on(t.tokenExpiresAt)],
);

/** A post written once; what happened on each platform is in social_post_targets. */
export const socialPosts = sqliteTable(
  'social_posts',
  {
    id: text('id').primaryKey(),
    content: text('content').notNull(),
    /** Asset ids from the media library, in the order chosen. */
    mediaIds: text('media_ids', { mode: 'json' }).$type<string[]>().notNull().default([]),
    /** Null: published when created. Otherwise published by the scheduled run once due. */
    scheduleTime: integer('schedule_time', { mode: 'timestamp_ms' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [index('social_posts_created_idx').on(t.createdAt)],
);

/**
 * One post on one platform. Publishing claims the row (status → publishing, a fresh claim token) by one
 * conditional UPDATE; only the claimer calls the platform and only its token may write the outcome, so a
 * success is never posted twice.
 */
export const socialPostTargets = sqliteTable(
  'social_post_targets',
  {
    postId: text('post_id')
      .notNull()
      .references(() => socialPosts.id, { onDelete: 'cascade' }),
    platform: text('platform').$type<SocialPlatform>().notNull(),
    status: text('status').$type<TargetStatus>().notNull(),
    /** When it is due: the post's scheduleTime, or its creation. */
    dueAt: integer('due_at', { mode: 'timestamp_ms' }).notNull(),
    error: text('error'),
    errorKind: text('error_kind').$type<FailureKind>(),
    externalId: text('external_id'),
    externalUrl: text('external_url'),
    accountId: text('account_id'),
    attempts: integer('attempts').notNull().default(0),
    claimToken: text('claim_token'),
    claimedAt: integer('claimed_at', { mode: 'timestamp_ms' }),
    publishedAt: integer('published_at', { mode: 'timestamp_ms' }),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.platform] }),
    index('social_post_targets_due_idx').on(t.status, t.dueAt),
    index('social_post_targets_platform_idx').on(t.platform, t.status),
  ],
);

/**
 * An OAuth flow in progress: the `state` (stored hashed) is bound to the admin who started it, their
 * token version and a nonce cookie in their browser; used once, within 10 minutes.
 */
export const socialOauthStates = sqliteTable(
  'social_oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    platform: text('platform').$type<SocialPlatform>().notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenVersion: integer('token_version').notNull(),
    nonceHash: text('nonce_hash').notNull(),
    /** The PKCE verifier (encrypted like a token) where the platform uses PKCE. */
    codeVerifierEnc: text('code_verifier_enc'),
    redirectUri: text('redirect_uri').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [index('social_oauth_states_expires_idx').on(t.expiresAt)],
);

/** The local publisher's record of what would have been posted (ARCHITECTURE "social posts published to a local log"). */
export const socialLocalLog = sqliteTable(
  'social_local_log',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id'),
    platform: text('platform').$type<SocialPlatform>().notNull(),
    postId: text('post_id'),
    payload: text('payload', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [index('social_local_log_created_idx').on(t.createdAt), index('social_local_log_post_idx').on(t.postId)],
);

export type SocialAccountRow = typeof socialAccounts.$inferSelect;
export type SocialPostRow = typeof socialPosts.$inferSelect;
export type SocialPostTargetRow = typeof socialPostTargets.$inferSelect;
