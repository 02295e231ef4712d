import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const target = 'http://127.0.0.1:3000';

/** The packages antd is built from (its React components, icons, styles, dates). */
const ANTD_BASE =
  /[\\/]node_modules[\\/](@ant-design|@rc-component|rc-[^\\/]+|@babel[\\/]runtime|@emotion|classnames|dayjs|stylis|scroll-into-view-if-needed|compute-scroll-into-view|throttle-debounce|json2mq|string-convert|resize-observer-polyfill)[\\/]/;
/** antd and the packages it is built from. */
const ANTD = new RegExp(`[\\\\/]node_modules[\\\\/]antd[\\\\/]|${ANTD_BASE.source}`);

export default defineConfig({
  base: '/admin/',
  // .br and .gz beside each built file: the server sends them as they are (preCompressed).
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'] })],
  // The workspace root hoists an older React for other packages; bundle exactly one copy.
  resolve: { dedupe: ['react', 'react-dom'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // src/jitless.ts must run before any chunk builds a schema (content security policy).
        strictExecutionOrder: true,
        // A page's antd chunk is named after every page that uses it; its file, after antd alone.
        chunkFileNames: (chunk) => `assets/${chunk.name.split('~')[0]}-[hash].js`,
        // Each page is a chunk of its own (React.lazy in src/router.tsx). The packages come in
        // chunks of their own, which change only when a dependency does: a release costs a
        // returning operator the app's own code. React, the router and the query cache, which every
        // screen needs, in one; the contracts and zod in one; the rich-text editor (the content
        // page's alone) in one. antd is big (1.2 MB minified as one chunk): what the shell uses
        // comes with it, in two chunks under 500 kB; the rest by the pages that use each part, so
        // the first screen loads no date picker or upload of a page not yet opened (first screen:
        // 388 kB gzipped, against 583 kB with antd in one chunk and 772 kB before pages were split).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
              priority: 30,
            },
            {
              name: 'editor',
              test: /[\\/]node_modules[\\/](@tiptap|prosemirror-[^\\/]+|@floating-ui|linkifyjs|orderedmap|rope-sequence|w3c-keyname|markdown-it|mdurl|uc\.micro|punycode\.js|entities|linkify-it)[\\/]/,
              priority: 25,
            },
            // What the shell (menu, layout, sign-in check) uses of antd, loaded with it: antd's own
            // components, and the packages they are built from (each chunk under 500 kB).
            { name: 'antd-base', test: ANTD_BASE, tags: ['$initial'], priority: 22 },
            { name: 'antd', test: ANTD, tags: ['$initial'], priority: 21 },
            // The rest by the pages using each part, small parts merged with their neighbours.
            { name: 'antd-pages', test: ANTD, priority: 20, entriesAware: true, entriesAwareMergeThreshold: 40_000 },
            { name: 'contracts', test: /[\\/](packages[\\/]contracts|node_modules[\\/]zod)[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    port: 5174,
    strictPort: true,
    proxy: {
      '/admin/api': { target, changeOrigin: true },
      '/api': { target, changeOrigin: true },
      '/media': { target, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/admin/api': { target, changeOrigin: true },
      '/api': { target, changeOrigin: true },
    },
  },
});
