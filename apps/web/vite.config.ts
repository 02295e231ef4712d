import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { apiRoutes } from './plugins/apiRoutes.ts';
import { pagePreloads } from './plugins/pagePreloads.ts';

const target = process.env.API_TARGET ?? 'http://127.0.0.1:3000';
const proxy = Object.fromEntries(
  ['/api', '/admin/api', '/sandbox', '/healthz', '/media'].map((path) => [path, { target }]),
);

export default defineConfig({
  base: '/',
  // .br and .gz beside each built file: the server sends them as they are (preCompressed).
  plugins: [
    react(),
    apiRoutes(),
    pagePreloads(),
    compression({ algorithms: ['brotliCompress', 'gzip'] }),
    // sw.js precaches the built app, so it opens without a network; a new build waits until the
    // user agrees to reload (components/ServiceWorkerUpdates.tsx registers it, after the first screen).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      // public/manifest.webmanifest, linked from index.html, is the app's own.
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The first worker serves the page that installed it: the app opens offline from the first visit.
        clientsClaim: true,
        navigateFallback: '/index.html',
        // Same origin but not the app: the API, the back office, the sandbox pay page, uploads, and
        // addresses naming a file, which the server answers with a 404 rather than the app's page.
        navigateFallbackDenylist: [/^\/(api|admin|sandbox|media|healthz)(\/|$)/, /\.[A-Za-z0-9]+$/],
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    // .vite/manifest.json: which chunks each route loads (bench/entry-size.ts).
    manifest: true,
    // Browsers without <link rel="modulepreload"> (Safari before 17) fetch the same chunks as
    // imports, a little later: not worth a polyfill in every phone's first download.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Rolldown's note that plugins took long (vite-plugin-pwa bundling sw.js after the build, mostly)
      // comes only when a busy machine stretches the build past 3 s: nothing in the output to fix.
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          // antd-mobile's styles, all of them before the app's (index.html), as when its whole index
          // was in the entry: the app's rules override antd-mobile's at equal specificity. Split by
          // page, a page's antd-mobile styles would arrive after styles.css and win.
          groups: [{ name: 'antd-mobile-styles', test: /\/node_modules\/antd-mobile\/.*\.css$/ }],
        },
      },
    },
  },
  // src/jitless.ts must run before any module builds a schema (content security policy): as the
  // module every `zod` import resolves to, it runs before each of them, whichever chunk it is in.
  resolve: { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('src/jitless.ts', import.meta.url)) }] },
  // `npm run dev`: the web app on 5173, the back office on 5174, the API on 3000.
  server: { port: 5173, strictPort: true, proxy },
  preview: { proxy },
});
