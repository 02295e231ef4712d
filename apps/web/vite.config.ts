import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const target = process.env.API_TARGET ?? 'http://127.0.0.1:3000';
const proxy = Object.fromEntries(
  ['/api', '/admin/api', '/sandbox', '/healthz', '/media'].map((path) => [path, { target }]),
);

export default defineConfig({
  base: '/',
  // .br and .gz beside each built file: the server sends them as they are (preCompressed).
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'] })],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    // src/jitless.ts must run before any chunk builds a schema (content security policy).
    rolldownOptions: { output: { strictExecutionOrder: true } },
  },
  // `npm run dev`: the web app on 5173, the back office on 5174, the API on 3000.
  server: { port: 5173, strictPort: true, proxy },
  preview: { proxy },
});
