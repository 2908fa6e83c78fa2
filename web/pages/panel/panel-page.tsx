import { Island } from '#web/components/island.tsx';
import type { SiteBrand } from '#web/components/site-info.ts';
import PanelApp from '#web/islands/PanelApp.tsx';
import type { PanelKey } from './panels.ts';

/** The server's part of a panel is its loading state; the island restores the session and takes over. */
export function PanelPage({ panel, brand }: { panel: PanelKey; brand: SiteBrand }) {
  return (
    <div className="panel-page">
      <Island name="PanelApp" component={PanelApp} props={{ panel, brand }} hydrate="load" />
    </div>
  );
}
