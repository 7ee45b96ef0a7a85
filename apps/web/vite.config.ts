import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { reactRouterTreeShaking } from './build-plugins/react-router-tree-shaking.ts';

/** The shared package's modules, the content modules (plain data) and the features' index.ts barrels. */
const SIDE_EFFECT_FREE =
  /[\\/]packages[\\/]shared[\\/]|[\\/]src[\\/]content[\\/]|[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/;

/** The libraries every page runs (React, React DOM, the router), split from the entry into a chunk of their own. */
const VENDOR_CHUNKS = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), reactRouterTreeShaking()],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  build: isSsrBuild
    ? { outDir: 'dist/server', emptyOutDir: true, copyPublicDir: false, target: 'node20' }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        // The prerenderer reads the manifest to link each page's CSS and preload its chunk.
        manifest: true,
        // Every browser the site supports knows <link rel="modulepreload">; where one does not, scripts still load
        // (only later), so the polyfill is not worth its bytes in every page's JavaScript.
        modulePreload: { polyfill: false },
        // Small SVG icons stay files: inlining them would grow the JavaScript every visitor downloads.
        assetsInlineLimit: 0,
        rolldownOptions: {
          // Constants, schemas and feature barrels have no side effects of their own: whatever a page does not use
          // from them stays out of its download (the session provider must not pull in zod and the auth screens).
          treeshake: { moduleSideEffects: (id: string) => !SIDE_EFFECT_FREE.test(id) },
          // React DOM and the router in chunks of their own: a public page's boot module evaluates them one task
          // at a time before the entry, instead of all of them in one long task (docs/decisions/0030).
          output: { codeSplitting: { groups: VENDOR_CHUNKS } },
        },
      },
  ssr: {
    // The shared package is TypeScript source and the carousels import CSS: both must go through Vite.
    noExternal: ['@agency/shared', 'swiper', 'slick-carousel'],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    globals: false,
    include: ['src/**/*.test.{ts,tsx}', 'build-plugins/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
  },
}));
