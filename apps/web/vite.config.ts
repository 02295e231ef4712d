import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const target = process.env.API_TARGET ?? 'http://127.0.0.1:3000';
const proxy = Object.fromEntries(['/api', '/admin/api', '/sandbox', '/healthz'].map((path) => [path, { target }]));

export default defineConfig({
  base: '/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1200 },
  server: { proxy },
  preview: { proxy },
});
