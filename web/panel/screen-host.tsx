import { Component, lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Loading } from '#web/components/loading.tsx';
import type { SessionUser } from '#web/lib/session.ts';
import type { PanelInfo } from '#web/pages/panel/panels.ts';
import type { PanelScreen } from './screens.ts';
import type { PanelScreenProps } from './screen-props.ts';

const loaded = new Map<PanelScreen, LazyExoticComponent<ComponentType<PanelScreenProps>>>();

/** A screen whose chunk failed to load (offline, new deployment) says so instead of breaking the panel. */
export class ChunkBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="panel-screen" role="alert">
        <h1>This screen could not be loaded</h1>
        <p>Check the connection, then reload the page.</p>
        <p>
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            Reload
          </button>
        </p>
      </div>
    );
  }
}

/** Loads the screen's chunk on first use and renders it with the part of the route below it. */
export function ScreenHost({ entry, route, panel, user }: { entry: PanelScreen; route: string; panel: PanelInfo; user: SessionUser }) {
  let Screen = loaded.get(entry);
  if (!Screen) {
    Screen = lazy(entry.load);
    loaded.set(entry, Screen);
  }
  const path = route.split('/').slice(1).filter(Boolean);
  return (
    <ChunkBoundary key={entry.route}>
      <Suspense fallback={<Loading label="Loading..." />}>
        <Screen user={user} panel={panel} path={path} base={`${panel.base}/${entry.route}`} />
      </Suspense>
    </ChunkBoundary>
  );
}
