import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress';

// Vendors every page needs get stable chunks of their own, cached across releases. Screen-only
// libraries (charts, maps) are deliberately not grouped: a manual chunk also takes in the helpers
// those libraries share with the rest (tslib...), which would drag the whole group into the
// sign-in page. Left alone, they stay in the lazy chunks of the screens that use them.
function chunkOf(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
  if (/node_modules\/(i18next|react-i18next|i18next-http-backend)\//.test(id)) return 'i18n';
  if (/node_modules\/(@tanstack|axios|zustand)\//.test(id)) return 'data';
  return undefined;
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/api': { target: process.env.VOLTLINE_API ?? 'http://127.0.0.1:3000', changeOrigin: true },
    },
  },
  build: {
    sourcemap: false,
    manifest: true,
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      // The contract's zod schemas are top-level `z.*()` calls; marking them pure lets screens
      // that only need its constants (storage keys, paths) leave zod out of their chunks.
      treeshake: {
        manualPureFunctions: ['z'],
        moduleSideEffects: [{ test: /packages\/contract\/src/, sideEffects: false }],
      },
      // Merging common chunks moves screen-only code (colour picker, tables) into chunks the
      // sign-in page loads; keep chunks split by who needs them.
      experimental: { chunkOptimization: false },
      output: { manualChunks: chunkOf },
    },
  },
});
