import type { ComponentType } from 'react';
import { serializeProps } from '#web/lib/serialize-props.ts';
import { useIslandCollector } from './island-context.ts';

export type HydrateWhen = 'load' | 'idle' | 'visible';

type IslandProps<P extends object> = {
  /** The file name in web/islands/ without extension, which is also the component's name. */
  name: string;
  component: ComponentType<P>;
  props: P;
  hydrate?: HydrateWhen;
};

/**
 * Server side of an island: renders the component to HTML (a usable fallback before JavaScript) and
 * marks its root with its name and JSON props for web/client.ts to hydrate.
 */
export function Island<P extends object>({ name, component: Component, props, hydrate = 'idle' }: IslandProps<P>) {
  useIslandCollector()?.used.add(name);
  return (
    <div data-island={name} data-hydrate={hydrate} style={{ display: 'contents' }}>
      <script type="application/json" data-island-props="" dangerouslySetInnerHTML={{ __html: serializeProps(props) }} />
      <div data-island-root="" style={{ display: 'contents' }}>
        <Component {...props} />
      </div>
    </div>
  );
}
