import { useState } from 'react';
import { FormStatus } from '#web/components/form-kit.tsx';
import { PanelLink } from '#web/panel/router.tsx';
import { PostOutcomes } from './post-outcomes.tsx';
import type { PostView } from './social-api.ts';
import { PostStatusBadge } from './social-parts.tsx';

type Props = { base: string; post: PostView; message: string; onAnother: () => void };

/** After sending: the server's summary and each platform's outcome, failures retriable here. */
export function ComposeResult({ base, post: sent, message, onAnother }: Props) {
  const [post, setPost] = useState(sent);
  return (
    <div className="panel-screen social-compose-result" data-ready="" data-status={post.status} data-id={post._id}>
      <div className="screen-head">
        <h1>{post.status === 'scheduled' ? 'Post scheduled' : 'Post sent'}</h1>
        <PostStatusBadge status={post.status} />
      </div>
      <FormStatus message={message} />
      <PostOutcomes post={post} onChange={setPost} accountsHref={`${base}/accounts`} />
      <div className="btn-row">
        <PanelLink className="btn btn-secondary" href={`${base}/posts/${encodeURIComponent(post._id)}`}>
          Open the post
        </PanelLink>
        <button type="button" className="btn btn-primary" onClick={onAnother}>
          Write another
        </button>
      </div>
    </div>
  );
}
