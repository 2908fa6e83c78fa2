import type { MediaKind } from '#core/social/platform-limits.ts';
import type { SocialPlatform } from '#core/social/platforms.ts';
import type { FailureKind } from '#core/social/post-status.ts';

/**
 * One social platform behind one interface (CONVENTIONS "Adapters"): the OAuth 2 flow that connects the
 * school's account, token refresh and revocation, and publishing a post. Real adapters speak to the
 * platform's documented HTTP API with `fetch` (the `fetcher` they are made with; tests stub it with the
 * documented shapes); the local publisher records what would have been posted.
 */
export interface SocialAdapter {
  readonly platform: SocialPlatform;
  /** Whether the authorization request carries a PKCE challenge (S256). */
  readonly pkce: boolean;
  /** Whether the platform lets us renew a token without the admin (a refresh token or an exchange). */
  readonly canRefresh: boolean;
  /** Whether the platform has a call that revokes our token. */
  readonly canRevoke: boolean;
  /** The platform's consent page for `state` (and the PKCE challenge when `pkce`). */
  authorizeUrl(input: { state: string; redirectUri: string; codeChallenge?: string }): string;
  /** Trades the callback's code for tokens and says which account they belong to. */
  exchangeCode(input: { code: string; redirectUri: string; codeVerifier?: string }): Promise<ConnectedAccount>;
  /** New tokens for a refreshable account; throws SocialPlatformError('expired_token') when the platform refuses. */
  refresh(account: AccountCredentials): Promise<SocialTokens>;
  /** Revokes our access at the platform (called on disconnect when `canRevoke`). */
  revoke(account: AccountCredentials): Promise<void>;
  /** Publishes; throws SocialPlatformError with the platform's own message when it refuses. */
  publish(account: AccountCredentials, post: PublishRequest): Promise<PublishedPost>;
}

export type SocialTokens = {
  accessToken: string;
  /** Null when the platform gives none (or keeps the old one: the caller keeps the stored one then). */
  refreshToken: string | null;
  /** Null for a token without an end (e.g. a Facebook page token). */
  expiresAt: Date | null;
  refreshExpiresAt?: Date | null;
  scope?: string | null;
};

/** What a completed OAuth flow gives: the tokens and the account we will post as. */
export type ConnectedAccount = SocialTokens & {
  externalId: string;
  name: string;
  username?: string | null;
  /** Anything else publishing needs (e.g. `instagramUserId`, a page's own token is the accessToken). */
  extra?: Record<string, string>;
};

/** A connected account as an adapter sees it: tokens decrypted, just for the call. */
export type AccountCredentials = {
  accountId: string;
  externalId: string;
  accessToken: string;
  refreshToken: string | null;
  extra: Record<string, string>;
};

/** A media item from the asset library: `url` is absolute and public; `bytes` reads the file where an upload API needs it. */
export type PublishMedia = {
  assetId: string;
  kind: MediaKind;
  mimeType: string;
  url: string;
  title: string;
  altText: string;
  sizeBytes: number | null;
  bytes: () => Promise<ArrayBuffer>;
};

export type PublishRequest = {
  /** Our post id: sent where the platform takes an idempotency key or a reference. */
  postId: string;
  text: string;
  media: readonly PublishMedia[];
};

export type PublishedPost = { externalId: string; url: string | null };

/**
 * A platform's refusal, sorted (`kind`) so the service knows what to do (an expired token marks the
 * account; rate limited says when to try again) with the platform's own message kept for the admin.
 */
export class SocialPlatformError extends Error {
  readonly kind: FailureKind;
  readonly retryAfterSeconds: number | undefined;
  readonly status: number | undefined;
  constructor(kind: FailureKind, message: string, opts: { retryAfterSeconds?: number; status?: number } = {}) {
    super(message);
    this.kind = kind;
    this.retryAfterSeconds = opts.retryAfterSeconds;
    this.status = opts.status;
  }
}

export type Fetcher = typeof fetch;
/** Looks `fetch` up at call time, so a test's stub of the global is the one used. */
export const globalFetch: Fetcher = (input, init) => fetch(input, init);
