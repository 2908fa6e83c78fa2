import { useEffect, useRef, useState, type FormEvent } from 'react';
import { POST_STATUSES } from '#core/social/post-status.ts';
import { PLATFORM_LABELS, SOCIAL_PLATFORMS } from '#core/social/platforms.ts';
import { SOCIAL_LIMITS } from '#core/social/social-options.ts';
import { FormAlert, FormStatus, SelectField } from '#web/components/form-kit.tsx';
import { errorMessage, type Pagination } from '#web/lib/api.ts';
import { PanelLink } from '#web/panel/router.tsx';
import { ListBody, ListFilters, SearchField } from '#web/panel/resource/list-kit.tsx';
import { Pager } from '#web/panel/resource/pager.tsx';
import { PostCards } from './post-cards.tsx';
import { readPosts, type PostsQuery, type PostView } from './social-api.ts';
import { POST_STATUS_LABELS } from './social-parts.tsx';

const FIRST: PostsQuery = { page: 1, status: '', platform: '', search: '' };
/** Kept while a post is open, so "← Posts" comes back to the same filters and page. */
let kept: PostsQuery = FIRST;
/** What the post just left said (e.g. 'Post deleted'), shown once by the list. */
let flash = '';
export const flashPosts = (message: string) => {
  flash = message;
};

/** `/admin/social/posts`: every post, filtered by state, platform and words, 20 a page. */
export function PostsList({ base }: { base: string }) {
  const [query, setQueryState] = useState<PostsQuery>(kept);
  const [posts, setPosts] = useState<PostView[] | null>(null);
  const [pagination, setPagination] = useState<Pagination | undefined>();
  const [loading, setLoading] = useState(true);
  const [alert, setAlert] = useState('');
  const [notice] = useState(() => {
    const once = flash;
    flash = '';
    return once;
  });
  const search = useRef<HTMLInputElement>(null);
  const setQuery = (q: PostsQuery) => {
    kept = q;
    setQueryState(q);
  };

  useEffect(() => {
    const ctl = new AbortController();
    setLoading(true);
    readPosts(query, ctl.signal).then(
      (r) => {
        setPosts(r.posts);
        setPagination(r.pagination);
        setAlert('');
        setLoading(false);
      },
      (err) => {
        if (ctl.signal.aborted) return;
        setAlert(errorMessage(err));
        setPosts((p) => p ?? []);
        setLoading(false);
      },
    );
    return () => ctl.abort();
  }, [query]);

  function onSearch(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setQuery({ ...query, page: 1, search: search.current?.value.trim() ?? '' });
  }
  const filtered = !!(query.status || query.platform || query.search);
  return (
    <div className="panel-screen social-posts" data-ready={posts ? '' : undefined} data-loading={loading ? '' : undefined}>
      <div className="screen-head">
        <h1>Posts</h1>
        <PanelLink className="btn btn-primary" href={`${base}/new`}>
          Write a post
        </PanelLink>
      </div>
      <FormStatus message={notice} />
      <FormAlert message={alert} />
      <ListFilters label="Find posts" onSubmit={onSearch}>
        <SearchField
          id="social-search"
          label="Search the text"
          defaultValue={query.search}
          maxLength={SOCIAL_LIMITS.search}
          inputRef={search}
        />
        <SelectField
          id="social-status"
          label="Status"
          allLabel="All statuses"
          options={POST_STATUSES.map((s) => ({ value: s, label: POST_STATUS_LABELS[s] }))}
          value={query.status}
          onChange={(e) => setQuery({ ...query, page: 1, status: e.target.value })}
        />
        <SelectField
          id="social-platform"
          label="Platform"
          allLabel="All platforms"
          options={SOCIAL_PLATFORMS.map((p) => ({ value: p, label: PLATFORM_LABELS[p] }))}
          value={query.platform}
          onChange={(e) => setQuery({ ...query, page: 1, platform: e.target.value })}
        />
      </ListFilters>
      <ListBody ready={!!posts} empty={posts?.length === 0 && (filtered ? 'No posts match these filters.' : 'No posts yet.')}>
        <PostCards base={base} posts={posts ?? []} />
      </ListBody>
      {pagination && (
        <Pager pagination={pagination} busy={loading} noun="posts" singular="post" onPage={(page) => setQuery({ ...query, page })} />
      )}
    </div>
  );
}
