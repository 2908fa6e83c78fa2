import { defineConfig } from 'vite';
import { serviceWorker } from './scripts/lib/service-worker-build.ts';

/**
 * Builds only what the browser needs: the island loader (each island its own lazy chunk) and three
 * stylesheets, the site's and those only panel pages and the kiosk add. Pages render in the Worker, which reads
 * dist/client/manifest.json to link them. The service worker (/sw.js) is built last, with the list of what
 * this build wrote (scripts/lib/service-worker-build.ts).
 */
export default defineConfig({
  publicDir: 'web/public',
  oxc: { jsx: { runtime: 'automatic' } },
  plugins: [serviceWorker()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: 'manifest.json',
    target: 'es2022',
    cssCodeSplit: true,
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: { client: 'web/client.ts', site: 'web/styles/site.css', panel: 'web/styles/panel-pages.css', kiosk: 'web/styles/kiosk.css' },
    },
  },
});
