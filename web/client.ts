/**
 * The island loader: finds every [data-island] root and hydrates it with its own lazily loaded chunk,
 * when the browser is idle, when it becomes visible, or at once.
 */
type IslandModule = { default: import('react').ComponentType<Record<string, unknown>> };
const islands = import.meta.glob<IslandModule>('./islands/*.tsx');

async function hydrate(el: HTMLElement) {
  const name = el.dataset.island ?? '';
  const load = islands[`./islands/${name}.tsx`];
  const root = el.querySelector<HTMLElement>(':scope > [data-island-root]');
  if (!load || !root) return console.error(`Unknown island: ${name}`);
  const propsText = el.querySelector(':scope > script[data-island-props]')?.textContent ?? '{}';
  const [mod, { createElement }, { hydrateRoot }] = await Promise.all([load(), import('react'), import('react-dom/client')]);
  hydrateRoot(root, createElement(mod.default, JSON.parse(propsText)));
}

function schedule(el: HTMLElement) {
  const when = el.dataset.hydrate;
  // The island's wrappers are `display: contents` (no box, never intersecting): watch what they render.
  const rendered = el.querySelectorAll<HTMLElement>(':scope > [data-island-root] > *');
  if (when === 'visible' && 'IntersectionObserver' in window && rendered.length) {
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        io.disconnect();
        void hydrate(el);
      }
    });
    rendered.forEach((child) => io.observe(child));
  } else if (when === 'idle' && 'requestIdleCallback' in window) {
    requestIdleCallback(() => void hydrate(el), { timeout: 1500 });
  } else {
    void hydrate(el);
  }
}

// Island chunks and React are fetched only after the page has loaded, so they never compete with the
// stylesheet and the first paint (islands hydrate when idle or visible anyway).
const start = () => document.querySelectorAll<HTMLElement>('[data-island]').forEach(schedule);
if (document.readyState === 'complete') start();
else addEventListener('load', start, { once: true });
