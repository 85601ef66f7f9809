import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { chunkGraph } from './chunk-graph.ts';
import { reactRouterTreeShaking } from './react-router-tree-shaking.ts';

// React Router's package resolves to its development build in every mode (its exports name no
// other; remix-run/react-router#14102): the build takes the production one, without the dev warnings.
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);
if (!existsSync(reactRouterProduction)) throw new Error(`vite.config: no ${reactRouterProduction}`);

const RUNTIME_LIBRARIES = /node_modules\/(react|react-dom|scheduler|react-router|@tanstack|clsx)\//;
// TanStack's mutations run only after a first screen's action (the later steps, the tracking
// page's extras, admin): they travel with the chunks that use them.
const AFTER_FIRST_SCREEN = /@tanstack\/.*\/(useMutation|mutationObserver)\.js$/;
// With the libraries, the app's own modules every page loads before it draws: the translator, the
// catalogues' loader and its Portuguese texts, and the class-name helper (each its own file
// otherwise, which costs the first load a request and gzip its sharing).
const RUNTIME_APP =
  /src\/lib\/(i18n|translate|use-translation|cn)\.ts$|packages\/shared\/src\/i18n\/pt\/(common|public)\.json$/;
const inRuntimeChunk = (id: string) =>
  (RUNTIME_LIBRARIES.test(id) && !AFTER_FIRST_SCREEN.test(id)) || RUNTIME_APP.test(id);

export default defineConfig(({ command }) => ({
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  plugins: [
    react(),
    tailwindcss(),
    reactRouterTreeShaking(),
    chunkGraph(import.meta.dirname, {
      '/': 'src/features/wizard/components/wizard-page.tsx',
      '/p/:companyId/:number': 'src/features/wizard/components/pole-page.tsx',
      '/track': 'src/features/tracking/components/tracking-page.tsx',
      '/track/:id': 'src/features/tracking/components/tracking-page.tsx',
      '/privacy': 'src/features/layout/components/notice-page.tsx',
      '/accessibility': 'src/features/layout/components/notice-page.tsx',
      '/unsubscribe': 'src/features/unsubscribe/components/unsubscribe-page.tsx',
      '/transparencia': 'src/features/transparency/components/transparency-page.tsx',
    }),
    // Brotli and gzip siblings of every text file of dist (issue 20), served by the API as
    // Accept-Encoding asks. index.html is themed per request and compressed by the server;
    // .vite/ holds the build's own notes (the chunk graph), never served.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|mjs|css|html|svg|json|txt|xml|ico|webmanifest|map)$/,
      exclude: /(^|\/)(index\.html$|\.vite\/)/,
      threshold: 0,
      logLevel: 'silent',
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${process.env.API_PORT ?? 3000}`, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // Every browser the service supports preloads modules itself: no polyfill in the first load.
    modulePreload: {
      polyfill: false,
      // Chunks that come after a page has drawn (the wizard's later steps, fetched while step 1
      // is filled in; the tracking page's extras, once the request arrived) or whose page the
      // server preloads (the unsubscribe page) fetch their own imports: the first load then does
      // not carry their dependency lists (decision 0024; decision 0040 measures it).
      resolveDependencies: (filename, deps) =>
        /(later-steps|tracking-extras|unsubscribe-page)-/.test(filename) ? [] : deps,
    },
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      output: {
        // The libraries every page runs on, as one file: fewer requests, and gzip finds more to share.
        codeSplitting: {
          groups: [{ name: 'runtime', test: inRuntimeChunk }],
        },
      },
    },
  },
}));
