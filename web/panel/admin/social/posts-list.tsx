import { useRef, useState, type FormEvent } from 'react';
import { POST_STATUSES } from '#core/social/post-status.ts';
import { PLATFORM_LABELS, SOCIAL_PLATFORMS } from '#core/social/platforms.ts';
import { SOCIAL_LIMITS } from '#core/social/social-options.ts';
import { SelectField } from '#web/components/form-kit.tsx';
import { PanelLink } from '#web/panel/router.tsx';
import { ListFilters, ListMessages, ListResults, ListScreen, SearchField } from '#web/panel/resource/list-kit.tsx';
import { useList, type ListPage } from '#web/panel/resource/use-list.ts';
import { PostCards } from './post-cards.tsx';
import { readPosts, type PostsQuery, type PostView } from './social-api.ts';
import { POST_STATUS_LABELS } from './social-parts.tsx';

const FIRST: PostsQuery = { page: 1, status: '', platform: '', search: '' };
/** Kept while a post is open, so "← Posts" comes back to the same filters and page. */
let kept: PostsQuery = FIRST;
/** What the post just left said (e.g. 'Post deleted'), shown once by the list. */
let flash = '';
const read = (q: PostsQuery, signal: AbortSignal): Promise<ListPage<PostView>> =>
  readPosts(q, signal).then((r) => ({ items: r.posts, pagination: r.pagination }));

export const flashPosts = (message: string) => {
  flash = message;
};

/** `/admin/social/posts`: every post, filtered by state, platform and words, 20 a page. */
export function PostsList({ base }: { base: string }) {
  const [query, setQueryState] = useState<PostsQuery>(kept);
  const setQuery = (q: PostsQuery) => {
    kept = q;
    setQueryState(q);
  };
  const [once] = useState(() => {
    const said = flash;
    flash = '';
    return said;
  });
  const list = useList({ query, setQuery, read, empty: { items: [] }, flash: once });
  const search = useRef<HTMLInputElement>(null);

  function onSearch(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    list.narrow({ search: search.current?.value.trim() ?? '' });
  }
  const filtered = !!(query.status || query.platform || query.search);
  return (
    <ListScreen list={list} className="social-posts">
      <div className="screen-head">
        <h1>Posts</h1>
        <PanelLink className="btn btn-primary" href={`${base}/new`}>
          Write a post
        </PanelLink>
      </div>
      <ListMessages list={list} />
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
          {...list.filter('status')}
        />
        <SelectField
          id="social-platform"
          label="Platform"
          allLabel="All platforms"
          options={SOCIAL_PLATFORMS.map((p) => ({ value: p, label: PLATFORM_LABELS[p] }))}
          {...list.filter('platform')}
        />
      </ListFilters>
      <ListResults list={list} noun="posts" singular="post" filtered={filtered}>
        <PostCards base={base} posts={list.items} />
      </ListResults>
    </ListScreen>
  );
}
