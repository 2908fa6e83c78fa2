import { useEffect, useState } from 'react';
import { formatDateTime } from '#web/components/format.ts';
import { useSchoolZone } from '#web/components/school-zone.tsx';
import { FormAlert } from '#web/components/form-kit.tsx';
import { Loading } from '#web/components/loading.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';
import { navigate, PanelLink } from '#web/panel/router.tsx';
import { MediaStrip } from './media-strip.tsx';
import { flashPosts } from './posts-list.tsx';
import { PostOutcomes } from './post-outcomes.tsx';
import { deletePost, readPost, type PostView } from './social-api.ts';
import { PostStatusBadge } from './social-parts.tsx';

/** `/admin/social/posts/<id>`: the whole post, each platform's outcome with Retry, and Delete (here only, never at the platforms). */
export function PostDetail({ base, id }: { base: string; id: string }) {
  const zone = useSchoolZone();
  const [post, setPost] = useState<PostView | null>(null);
  const [failed, setFailed] = useState('');
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    const ctl = new AbortController();
    readPost(id, ctl.signal).then(setPost, (err) => !ctl.signal.aborted && setFailed(errorMessage(err)));
    return () => ctl.abort();
  }, [id]);

  const back = (
    <p className="back-link">
      <PanelLink href={`${base}/posts`}>← Posts</PanelLink>
    </p>
  );
  if (failed)
    return (
      <div className="panel-screen social-post-detail" data-ready="">
        {back}
        <FormAlert message={failed} />
      </div>
    );
  if (!post) return <Loading label="Loading..." />;
  async function remove() {
    flashPosts(await deletePost(post!._id));
    navigate(`${base}/posts`);
  }
  return (
    <div className="panel-screen social-post-detail" data-ready="" data-status={post.status}>
      {back}
      <div className="screen-head">
        <h1>Post</h1>
        <PostStatusBadge status={post.status} />
      </div>
      <section className="card social-post-body" aria-label="Content">
        <p className="social-post-content">{post.content}</p>
        {post.media.length > 0 && <MediaStrip media={post.media} />}
        <p className="cell-note">
          Written {formatDateTime(post.createdAt, zone)}
          {post.createdByName ? ` by ${post.createdByName}` : ''}
          {post.scheduleTime ? ` · scheduled for ${formatDateTime(post.scheduleTime, zone)}` : ''}
        </p>
      </section>
      <PostOutcomes post={post} onChange={setPost} accountsHref={`${base}/accounts`} />
      <div className="btn-row">
        <button type="button" className="btn btn-danger" onClick={() => setAsking(true)}>
          Delete post
        </button>
      </div>
      {asking && (
        <ConfirmDialog
          title="Delete this post?"
          confirmLabel="Delete"
          busyLabel="Deleting…"
          onConfirm={remove}
          onClose={() => setAsking(false)}
        >
          <p>It is removed from this list only: what was already published stays on the platforms.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
