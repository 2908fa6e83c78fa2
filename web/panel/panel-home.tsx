import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Loading } from '#web/components/loading.tsx';
import { firstName, type SessionUser } from '#web/lib/session.ts';
import type { PanelInfo, PanelKey } from '#web/pages/panel/panels.ts';
import { HOMES, type HomeProps } from './homes/homes.ts';
import { PanelLink } from './router.tsx';
import { ChunkBoundary } from './screen-host.tsx';

const loaded = new Map<PanelKey, LazyExoticComponent<ComponentType<HomeProps>>>();

/** The panel's home: a greeting, then the role's figures and queues from their own chunk. */
export function PanelHome({ panel, user }: { panel: PanelInfo; user: SessionUser }) {
  let Home = loaded.get(panel.key);
  if (!Home) {
    Home = lazy(HOMES[panel.key]);
    loaded.set(panel.key, Home);
  }
  return (
    <div className="panel-screen panel-home">
      <h1>Welcome, {firstName(user)}</h1>
      <p className="lead">This is your {panel.title.toLowerCase()}.</p>
      <ChunkBoundary>
        <Suspense fallback={<Loading label="Loading..." />}>
          <Home panel={panel} user={user} />
        </Suspense>
      </ChunkBoundary>
    </div>
  );
}

export function PanelNotFound({ panel }: { panel: PanelInfo }) {
  return (
    <div className="panel-screen">
      <h1>Page not found</h1>
      <p>This part of the {panel.title.toLowerCase()} does not exist.</p>
      <p>
        <PanelLink className="btn btn-primary" href={panel.base}>
          Back to the panel home
        </PanelLink>
      </p>
    </div>
  );
}
