import type { PostStatus, TargetStatus } from '#core/social/post-status.ts';
import type { SocialPlatform, TokenState } from '#core/social/platforms.ts';
import { api } from '#web/lib/api.ts';
import { SOCIAL_MESSAGES } from '#core/social/social-options.ts';

/** The shapes of decision 013's contract (`/api/social-media`), as the screens read them. */
export type PostMediaView = {
  _id: string;
  url: string;
  mediaType: 'image' | 'video';
  mimeType: string | null;
  title: string;
  altText: string | null;
};
export type TargetView = {
  platform: SocialPlatform;
  status: TargetStatus;
  error: string | null;
  errorKind: string | null;
  externalId: string | null;
  url: string | null;
  attempts: number;
  publishedAt: string | null;
};
export type PostView = {
  _id: string;
  content: string;
  media: PostMediaView[];
  mediaIds: string[];
  platforms: TargetView[];
  status: PostStatus;
  scheduleTime: string | null;
  createdBy: string | null;
  createdByName: string | null;
  createdAt: string;
  updatedAt: string;
};
export type PlatformStats = {
  platform: SocialPlatform;
  label: string;
  success: number;
  failed: number;
  scheduled: number;
  connected: boolean;
  active: boolean;
};
export type DashboardStats = {
  totals: { posts: number; published: number; partial: number; failed: number; scheduled: number };
  platforms: PlatformStats[];
  connectedAccounts: number;
  activeAccounts: number;
  expiringSoon: number;
  recent: PostView[];
};
export type AccountView = {
  _id: string;
  platform: SocialPlatform;
  label: string;
  mode: 'live' | 'local';
  name: string | null;
  username: string | null;
  isActive: boolean;
  tokenExpiresAt: string | null;
  tokenState: TokenState;
  expiringSoon: boolean;
  canRefresh: boolean;
  lastRefreshedAt: string | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
};
export type PlatformSetup = { platform: SocialPlatform; label: string; mode: 'live' | 'local' | null; connected: boolean };
export type Accounts = { accounts: AccountView[]; platforms: PlatformSetup[] };
export type AccountStats = { total: number; active: number; inactive: number; expiringSoon: number; expired: number };
export type PostsQuery = { page: number; status: string; platform: string; search: string };
export type AssetView = {
  _id: string;
  title: string;
  altText: string | null;
  mediaType: 'image' | 'video';
  url: string;
  mimeType: string | null;
};

const BASE = '/social-media';
const id = (s: string) => encodeURIComponent(s);

export async function readDashboard(signal?: AbortSignal) {
  return (await api<DashboardStats>(`${BASE}/dashboard/stats`, { signal })).data!;
}

export async function readPosts(q: PostsQuery, signal?: AbortSignal) {
  const body = await api<PostView[]>(`${BASE}/posts`, { query: { ...q, limit: 20 }, signal, fallback: SOCIAL_MESSAGES.fetchFailed });
  return { posts: body.data ?? [], pagination: body.pagination };
}

export async function readPost(postId: string, signal?: AbortSignal) {
  return (await api<PostView>(`${BASE}/posts/${id(postId)}`, { signal, fallback: SOCIAL_MESSAGES.fetchFailed })).data!;
}

export type NewPost = { content: string; platforms: SocialPlatform[]; mediaIds: string[]; scheduleTime?: string };
export async function createPost(post: NewPost) {
  const body = await api<PostView>(`${BASE}/posts`, { body: post, fallback: SOCIAL_MESSAGES.createFailed });
  return { post: body.data!, message: body.message ?? '' };
}

/** `platforms` empty = every failed one (decision 013). */
export async function retryPost(postId: string, platforms: SocialPlatform[] = []) {
  const body = await api<PostView>(`${BASE}/posts/${id(postId)}/retry`, { body: { platforms } });
  return { post: body.data!, message: body.message ?? '' };
}

export async function deletePost(postId: string) {
  return (await api(`${BASE}/posts/${id(postId)}`, { method: 'DELETE' })).message ?? SOCIAL_MESSAGES.deleted;
}

export async function readAccounts(signal?: AbortSignal): Promise<Accounts> {
  const body = await api<AccountView[]>(`${BASE}/accounts`, { signal });
  return { accounts: body.data ?? [], platforms: (body.platforms as PlatformSetup[] | undefined) ?? [] };
}

export async function readAccountStats(signal?: AbortSignal) {
  return (await api<AccountStats>(`${BASE}/accounts/stats`, { signal })).data!;
}

export async function connectAccount(platform: SocialPlatform) {
  return (await api<{ authorizeUrl: string }>(`${BASE}/accounts/connect/${id(platform)}`, { method: 'POST' })).data!.authorizeUrl;
}

export async function toggleAccount(accountId: string, isActive: boolean) {
  const body = await api<AccountView>(`${BASE}/accounts/${id(accountId)}/toggle`, { method: 'PATCH', body: { isActive } });
  return body.message ?? '';
}

export async function refreshAccount(accountId: string) {
  return (
    (await api<AccountView>(`${BASE}/accounts/${id(accountId)}/refresh`, { method: 'POST' })).message ?? SOCIAL_MESSAGES.accountRefreshed
  );
}

export async function disconnectAccount(accountId: string) {
  return (await api(`${BASE}/accounts/${id(accountId)}`, { method: 'DELETE' })).message ?? SOCIAL_MESSAGES.accountDisconnected;
}

/** The asset library, one page, all or one media type (worker/features/assets). */
export async function readAssets(page: number, type: '' | 'image' | 'video', signal?: AbortSignal) {
  const path = type ? `/assets/type/${type}` : '/assets';
  const body = await api<AssetView[]>(path, { query: { page, limit: 12 }, signal });
  return { assets: body.data ?? [], pagination: body.pagination };
}
