import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { FormAlert } from '#web/components/form-kit.tsx';
import { PanelLink } from '#web/panel/router.tsx';
import { AccountsScreen } from './accounts-screen.tsx';
import { ComposeScreen } from './compose-screen.tsx';
import { OverviewScreen } from './overview-screen.tsx';
import { PostDetail } from './post-detail.tsx';
import { PostsList } from './posts-list.tsx';
import './social.css';

const TABS = [
  { sub: '', label: 'Overview' },
  { sub: 'new', label: 'Write a post' },
  { sub: 'posts', label: 'Posts' },
  { sub: 'accounts', label: 'Accounts' },
] as const;

/** The screen's own tabs; the current one is marked for screen readers with aria-current. */
function SocialTabs({ base, current }: { base: string; current: string }) {
  return (
    <nav className="social-tabs" aria-label="Social media">
      {TABS.map((t) => (
        <PanelLink key={t.sub} href={t.sub ? `${base}/${t.sub}` : base} aria-current={current === t.sub ? 'page' : undefined}>
          {t.label}
        </PanelLink>
      ))}
    </nav>
  );
}

/**
 * Social media at `<base>` (overview), `<base>/new` (compose), `<base>/posts[/<id>]` and
 * `<base>/accounts`; each is a real URL, so a reload or a shared link opens the same view.
 */
export default function SocialScreen({ base, path }: PanelScreenProps) {
  const [sub = '', postId] = path;
  const view = () => {
    if (sub === '') return <OverviewScreen base={base} />;
    if (sub === 'new') return <ComposeScreen base={base} />;
    if (sub === 'posts' && postId) return <PostDetail base={base} id={decodeURIComponent(postId)} />;
    if (sub === 'posts') return <PostsList base={base} />;
    if (sub === 'accounts') return <AccountsScreen base={base} />;
    return (
      <div className="panel-screen" data-ready="">
        <FormAlert message="This page does not exist." />
      </div>
    );
  };
  return (
    <div className="social-screen">
      <SocialTabs base={base} current={sub} />
      {view()}
    </div>
  );
}
