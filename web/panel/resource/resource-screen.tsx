import { useEffect, useState } from 'react';
import { api, errorMessage } from '#web/lib/api.ts';
import { Loading } from '#web/components/loading.tsx';
import { FormAlert } from '#web/components/form-kit.tsx';
import { navigate, PanelLink } from '#web/panel/router.tsx';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { idPath } from './call.ts';
import { ResourceForm } from './resource-form.tsx';
import { ResourceList } from './resource-list.tsx';
import type { Item, ListQuery, ResourceConfig } from './types.ts';
import { upperFirst } from '#web/components/format.ts';

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; item: Item };

/** Loads one item (fresh, for editing) and shows its form. */
function EditItem({ config, base, id, onSaved }: { config: ResourceConfig; base: string; id: string; onSaved: (m: string) => void }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    const ctl = new AbortController();
    setLoaded({ state: 'loading' });
    const load = config.loadItem
      ? config.loadItem(id, ctl.signal)
      : api<Item>(idPath(config.endpoint, id), {
          signal: ctl.signal,
          fallback: config.loadFailed ?? `Failed to fetch ${config.singular}`,
        }).then((body) => body.data ?? null);
    load.then(
      (item) => setLoaded(item ? { state: 'ready', item } : { state: 'failed', message: `${upperFirst(config.singular)} not found` }),
      (err) => !ctl.signal.aborted && setLoaded({ state: 'failed', message: errorMessage(err) }),
    );
    return () => ctl.abort();
  }, [config, id]);
  if (loaded.state === 'loading') return <Loading label="Loading..." />;
  if (loaded.state === 'failed') {
    return (
      <>
        <FormAlert message={loaded.message} />
        <p>
          <PanelLink href={base}>Back to {config.title.toLowerCase()}</PanelLink>
        </p>
      </>
    );
  }
  return <ResourceForm config={config} item={loaded.item} onSaved={onSaved} onCancel={() => navigate(base)} />;
}

/**
 * One content area of the admin panel, driven by its config: the list at `<base>`, the create form
 * at `<base>/new` and the edit form at `<base>/<id>`.
 */
export function ResourceScreen({ config, base, path }: Pick<PanelScreenProps, 'base' | 'path'> & { config: ResourceConfig }) {
  const [query, setQuery] = useState<ListQuery>({ page: 1, search: '', filters: {} });
  const [flash, setFlash] = useState('');
  const [sub] = path;

  useEffect(() => {
    if (sub) setFlash('');
  }, [sub]);

  const saved = (message: string) => {
    setFlash(message);
    navigate(base);
  };
  if (!sub) return <ResourceList config={config} base={base} query={query} setQuery={setQuery} flash={flash} />;
  return (
    <div className="panel-screen resource-screen" data-resource={config.key} data-ready="">
      <p className="back-link">
        <PanelLink href={base}>← {config.title}</PanelLink>
      </p>
      {sub === 'new' ? (
        <ResourceForm config={config} item={null} onSaved={saved} onCancel={() => navigate(base)} />
      ) : (
        <EditItem config={config} base={base} id={decodeURIComponent(sub)} onSaved={saved} />
      )}
    </div>
  );
}
