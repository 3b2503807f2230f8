import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdZeroRuntime } from './vite-plugins/antd-zero-runtime.js';
import { bootChunk } from './vite-plugins/boot-chunk.js';
import { scrollbarSize } from './vite-plugins/scrollbar-size.js';
import { commitPhaseUpdates } from './vite-plugins/commit-phase-updates.js';

const apiPort = process.env.PORT ?? '3000';
const apiHost = process.env.API_HOST ?? '127.0.0.1';

export default defineConfig({
  plugins: [react(), scrollbarSize(), antdZeroRuntime(), commitPhaseUpdates(), bootChunk()],
  server: {
    port: Number(process.env.ADMIN_DEV_PORT ?? 5173),
    proxy: { '/api': { target: `http://${apiHost}:${apiPort}`, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    // never empty dist under a running server: `npm start` / `npm run build` build elsewhere and swap it in
    emptyOutDir: false,
    chunkSizeWarningLimit: 1500,
    manifest: true,
  },
});
