import { useEffect, useState } from 'react';
import { FormAlert } from '#web/components/form-kit.tsx';
import { Loading } from '#web/components/loading.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { PanelLink } from '#web/panel/router.tsx';
import { DataTable, TableHead } from '#web/panel/resource/list-kit.tsx';
import { PlatformChart } from './platform-chart.tsx';
import { readDashboard, type DashboardStats } from './social-api.ts';
import { PostCards } from './post-cards.tsx';

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; stats: DashboardStats };

/** `/admin/social`: how posting went per platform (chart and the same numbers as a table), accounts, recent posts. */
export function OverviewScreen({ base }: { base: string }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    const ctl = new AbortController();
    readDashboard(ctl.signal).then(
      (stats) => setLoaded({ state: 'ready', stats }),
      (err) => !ctl.signal.aborted && setLoaded({ state: 'failed', message: errorMessage(err) }),
    );
    return () => ctl.abort();
  }, []);
  const head = (
    <div className="screen-head">
      <h1>Social media</h1>
      <PanelLink className="btn btn-primary" href={`${base}/new`}>
        Write a post
      </PanelLink>
    </div>
  );
  if (loaded.state === 'loading') return <Loading label="Loading..." />;
  if (loaded.state === 'failed')
    return (
      <div className="panel-screen social-overview" data-ready="">
        {head}
        <FormAlert message={loaded.message} />
      </div>
    );
  const s = loaded.stats;
  const totals: [string, number][] = [
    ['Posts', s.totals.posts],
    ['Published', s.totals.published],
    ['Partly published', s.totals.partial],
    ['Failed', s.totals.failed],
    ['Scheduled', s.totals.scheduled],
    ['Connected accounts', s.connectedAccounts],
    ['Active accounts', s.activeAccounts],
    ['Tokens expiring soon', s.expiringSoon],
  ];
  return (
    <div className="panel-screen social-overview" data-ready="">
      {head}
      <dl className="social-totals">
        {totals.map(([label, n]) => (
          <div key={label} className="social-total">
            <dt>{label}</dt>
            <dd>{n}</dd>
          </div>
        ))}
      </dl>
      {s.expiringSoon > 0 && (
        <p className="social-warning">
          {s.expiringSoon === 1 ? 'One account token ends' : `${s.expiringSoon} account tokens end`} within a week.{' '}
          <PanelLink href={`${base}/accounts`}>Check the accounts</PanelLink>
        </p>
      )}
      <section className="card" aria-labelledby="social-by-platform">
        <h2 id="social-by-platform">By platform</h2>
        <PlatformChart platforms={s.platforms} />
        <DataTable id="social-platform-table" caption="Posts by platform" busy={false} className="data-table social-platform-table">
          <TableHead columns={['Platform', 'Posted', 'Failed', 'Scheduled', 'Account']} />
          <tbody>
            {s.platforms.map((p) => (
              <tr key={p.platform} data-platform={p.platform}>
                <th scope="row">{p.label}</th>
                <td data-label="Posted">{p.success}</td>
                <td data-label="Failed">{p.failed}</td>
                <td data-label="Scheduled">{p.scheduled}</td>
                <td data-label="Account">{p.connected ? (p.active ? 'Connected' : 'Connected, inactive') : 'Not connected'}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </section>
      <section aria-labelledby="social-recent">
        <div className="screen-head">
          <h2 id="social-recent">Recent posts</h2>
          <PanelLink href={`${base}/posts`}>All posts</PanelLink>
        </div>
        {s.recent.length === 0 ? <p className="empty-state">Nothing posted yet.</p> : <PostCards base={base} posts={s.recent} />}
      </section>
    </div>
  );
}
