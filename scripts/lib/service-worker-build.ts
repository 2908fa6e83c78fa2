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

/**
 * The precache list and its version: every built script and stylesheet (their names carry a content hash)
 * and the public files above (hashed by content here), so each deploy gets a new version and only a
 * change of content does.
 */
export function precacheList(built: readonly string[], publicDir: string): { files: string[]; version: string } {
  const assets = built.filter((f) => f.startsWith('assets/') && /\.(js|css)$/.test(f));
  const pub = publicFiles(publicDir);
  const hash = createHash('sha256');
  for (const f of [...assets].sort()) hash.update(`${f}\n`);
  for (const f of [...pub].sort()) hash.update(f).update(readFileSync(join(publicDir, f)));
  return { files: [...assets, ...pub].map((f) => `/${f.split('\\').join('/')}`).sort(), version: hash.digest('hex').slice(0, 12) };
}

/**
 * Builds web/sw/sw.ts into <outDir>/sw.js once the client is written, with the build's file list inlined.
 * A separate build (one classic script, no imports): the worker must not share chunks with the pages.
 */
export function serviceWorker(entry = 'web/sw/sw.ts'): Plugin {
  let root = '';
  let outDir = '';
  let publicDir = '';
  return {
    name: 'dojo-service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      publicDir = config.publicDir;
    },
    async writeBundle(_options, bundle) {
      const { files, version } = precacheList(Object.keys(bundle), publicDir);
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        publicDir: false,
        define: { __SW_PRECACHE__: JSON.stringify(files), __SW_VERSION__: JSON.stringify(version) },
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
