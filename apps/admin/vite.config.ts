import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const target = 'http://127.0.0.1:3000';

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  // The workspace root hoists an older React for other packages; bundle exactly one copy.
  resolve: { dedupe: ['react', 'react-dom'] },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  server: {
    proxy: {
      '/admin/api': { target, changeOrigin: true },
      '/api': { target, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/admin/api': { target, changeOrigin: true },
      '/api': { target, changeOrigin: true },
    },
  },
});
