import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const target = 'http://127.0.0.1:3000';

export default defineConfig({
  base: '/admin/',
  // .br and .gz beside each built file: the server sends them as they are (preCompressed).
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'] })],
  // The workspace root hoists an older React for other packages; bundle exactly one copy.
  resolve: { dedupe: ['react', 'react-dom'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    // src/jitless.ts must run before any chunk builds a schema (content security policy).
    rolldownOptions: { output: { strictExecutionOrder: true } },
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
