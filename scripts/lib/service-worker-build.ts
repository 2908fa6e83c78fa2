import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { build, type Plugin } from 'vite';

/** Files of web/public the worker precaches besides the build's chunks: what an installed app shows offline. */
const PUBLIC_PRECACHE = ['favicon.svg', 'icons'];

function publicFiles(publicDir: string): string[] {
  return PUBLIC_PRECACHE.flatMap((entry) => {
    const path = join(publicDir, entry);
    if (!existsSync(path)) return [];
    if (!statSync(path).isDirectory()) return [entry];
    return readdirSync(path, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => relative(publicDir, join(d.parentPath, d.name)));
  });
}

/** What the build wrote, as much as the lists need (Rollup's output chunks and assets). */
export type BuiltFile = {
  fileName: string;
  isEntry?: boolean;
  facadeModuleId?: string | null;
  imports?: string[];
  dynamicImports?: string[];
};

function closure(
  files: ReadonlyMap<string, BuiltFile>,
  from: readonly string[],
  dynamic: boolean,
  skip: readonly string[] = [],
): Set<string> {
  const seen = new Set<string>();
  const walk = (name: string) => {
    const file = files.get(name);
    if (!file || seen.has(name) || skip.includes(name)) return;
    seen.add(name);
    for (const next of [...(file.imports ?? []), ...(dynamic ? (file.dynamicImports ?? []) : [])]) walk(next);
  };
  from.forEach(walk);
  return seen;
}

const asPath = (f: string) => `/${f.split('\\').join('/')}`;

/**
 * The precache lists and their version. `core`, fetched when the worker installs on any page: the
 * stylesheets, the island loader and what it imports, the icons. `panel`, fetched once a panel page is
 * opened: React, the panel island and every screen chunk it may load. `kiosk`, fetched once /kiosk is
 * opened: React, the kiosk island, the QR reader and its WebAssembly, so a kiosk starts offline.
 * Other islands' chunks are cached when used.
 * Built names carry a content hash and public files are hashed here, so only a change of content makes a
 * new version.
 */
export function precacheLists(
  built: readonly BuiltFile[],
  publicDir: string,
  panelIsland = 'web/islands/PanelApp.tsx',
  kioskIsland = 'web/islands/KioskApp.tsx',
) {
  const byName = new Map(built.map((f) => [f.fileName, f]));
  const entries = built.filter((f) => f.isEntry && f.fileName.endsWith('.js')).map((f) => f.fileName);
  const chunkOf = (island: string) => built.filter((f) => f.facadeModuleId?.endsWith(island)).map((f) => f.fileName);
  const panelChunk = chunkOf(panelIsland)[0];
  const css = built.filter((f) => f.fileName.startsWith('assets/') && f.fileName.endsWith('.css')).map((f) => f.fileName);
  const pub = publicFiles(publicDir);
  const core = new Set([...css, ...closure(byName, entries, false), ...pub]);
  // React and react-dom, which the loader imports before hydrating any island, go with the panel.
  const runtime = entries
    .flatMap((e) => byName.get(e)?.dynamicImports ?? [])
    .filter((f) => !/\/web\/islands\//.test(byName.get(f)?.facadeModuleId ?? '/web/islands/'));
  const panel = [...closure(byName, [...(panelChunk ? [panelChunk] : []), ...runtime], true)].filter((f) => !core.has(f));
  // The QR reader's .wasm is an asset, not a chunk: no import names it.
  const wasm = built.filter((f) => f.fileName.startsWith('assets/') && f.fileName.endsWith('.wasm')).map((f) => f.fileName);
  // An island imports the loader (Vite's preload helper lives there), whose dynamic imports are every island: not followed.
  const kiosk = [...closure(byName, [...chunkOf(kioskIsland), ...runtime], true, entries), ...wasm].filter((f) => !core.has(f));
  const hash = createHash('sha256');
  for (const f of [...new Set([...core, ...panel, ...kiosk])].sort()) hash.update(`${f}\n`);
  for (const f of [...pub].sort()) hash.update(readFileSync(join(publicDir, f)));
  return {
    core: [...core].map(asPath).sort(),
    panel: panel.map(asPath).sort(),
    kiosk: kiosk.map(asPath).sort(),
    version: hash.digest('hex').slice(0, 12),
  };
}

/**
 * Builds web/sw/sw.ts into <outDir>/sw.js once the client is written, with the build's file lists inlined.
 * A separate build (one classic script, no imports): the worker must not share chunks with the pages.
 */
export function serviceWorker(entry = 'web/sw/sw.ts'): Plugin {
  let root = '';
  let outDir = '';
  let publicDir = '';
  let info = (_line: string) => {};
  const kb = (files: string[]) => (files.reduce((n, f) => n + statSync(join(outDir, f)).size, 0) / 1024).toFixed(0);
  return {
    name: 'dojo-service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      publicDir = config.publicDir;
      info = (line) => config.logger.info(line);
    },
    async writeBundle(_options, bundle) {
      const built = Object.values(bundle).map((f) => (f.type === 'chunk' ? f : { fileName: f.fileName }));
      const { core, panel, kiosk, version } = precacheLists(built, publicDir);
      info(
        `service worker ${version}: precache ${core.length} files (${kb(core)} kB) + ${panel.length} for the panels (${kb(panel)} kB) + ${kiosk.length} for the kiosk (${kb(kiosk)} kB)`,
      );
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        publicDir: false,
        define: {
          __SW_PRECACHE__: JSON.stringify(core),
          __SW_PRECACHE_PANEL__: JSON.stringify(panel),
          __SW_PRECACHE_KIOSK__: JSON.stringify(kiosk),
          __SW_VERSION__: JSON.stringify(version),
        },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          target: 'es2022',
          minify: true,
          rollupOptions: { input: resolve(root, entry), output: { format: 'iife', entryFileNames: 'sw.js' } },
        },
      });
    },
  };
}
