import react from '@vitejs/plugin-react';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { routePreload } from './build/routePreload.js';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const entryModule = fileURLToPath(new URL('./src/main.tsx', import.meta.url));

/** Local gateway (`npm start`) that `vite` dev mode forwards API and config calls to. */
const gateway = process.env.PORTAL_GATEWAY ?? 'http://localhost:3000';

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}
/** Every module `from` imports statically, itself included. */
function staticClosure(from: string, graph: ModuleGraph): Set<string> {
  const seen = new Set<string>();
  const pending = [from];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * The pages held to Lighthouse's aim (bench/lighthouse.ts) and the chunk for what each imports from
 * elsewhere, claimed in this order: the cart reuses the login's and the dashboard's and adds its own.
 */
const budgetedPages = [
  { page: fileURLToPath(new URL('./src/features/auth/LoginPage.tsx', import.meta.url)), chunk: 'login-deps' },
  { page: fileURLToPath(new URL('./src/features/dashboard/DashboardPage.tsx', import.meta.url)), chunk: 'dashboard-deps' },
  { page: fileURLToPath(new URL('./src/features/cart/cartPages.ts', import.meta.url)), chunk: 'cart-deps' },
];
const chunksOf = new WeakMap<ModuleGraph, Map<string, string>>();

/**
 * Puts every module the entry imports statically into one "shell" chunk. Those modules load
 * on every visit anyway; left alone, Rolldown spreads them over several chunks it shares with
 * the lazy pages, which compress worse (about 4 KB more gzipped per route). Needs `lazyBarrel`
 * below, or modules merely re-exported by barrels (MUI's `styles` index) would join the shell.
 * Likewise, what a budgeted page imports from outside its own folder (RTK Query, Chip, ...) is
 * one "<page>-deps" chunk, however many other lazy pages share parts of it: split per sharer,
 * it cost the dashboard about 1.5 KB gzipped, and the cart loaded ten files instead of four (each
 * a round trip on a phone: Lighthouse 92 on /cart and /checkout). One group per chunk, in claim
 * order: a single group naming several chunks let Rolldown move the login's modules to the cart's.
 */
function plannedChunks(graph: ModuleGraph): Map<string, string> {
  let chunks = chunksOf.get(graph);
  if (!chunks) {
    chunks = new Map();
    for (const id of staticClosure(entryModule, graph)) chunks.set(id, 'shell');
    for (const { page, chunk } of budgetedPages) {
      for (const id of staticClosure(page, graph)) {
        if (dirname(id) !== dirname(page) && !chunks.has(id)) chunks.set(id, chunk);
      }
    }
    chunksOf.set(graph, chunks);
  }
  return chunks;
}

const shellChunk = (moduleId: string, graph: ModuleGraph) => (plannedChunks(graph).get(moduleId) === 'shell' ? 'shell' : null);

const CSS_VARIABLES_THEME_STUB = '\0portal:mui-theme-without-css-variables';

/**
 * MUI's `createTheme` calls `createThemeWithVars` (the CSS-variables theme: about 4.5 KB gzipped on
 * every route) only when given `cssVariables` or `colorSchemes`, which app/theme.ts never passes, so
 * the build bundles a stub in its place. Should the theme ever opt in, the stub throws on start-up
 * and every browser test fails; remove this plugin then. Build only: the dev server pre-bundles MUI.
 */
function muiThemeWithoutCssVariables(): Plugin {
  return {
    name: 'portal:mui-theme-without-css-variables',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromCreateTheme = importer !== undefined && /[\\/]@mui[\\/]material[\\/]styles[\\/]createTheme\.m?js$/.test(importer);
      return fromCreateTheme && source === './createThemeWithVars.mjs' ? CSS_VARIABLES_THEME_STUB : null;
    },
    load(id) {
      if (id !== CSS_VARIABLES_THEME_STUB) return null;
      return `export default function createThemeWithVars() {
  throw new Error('This build leaves out MUI CSS-variables themes (web/vite.config.ts, muiThemeWithoutCssVariables).');
}`;
    },
  };
}

export default defineConfig({
  // Run from the repository root (`npm run build:web`), so the root is set explicitly.
  root: webRoot,
  plugins: [react(), muiThemeWithoutCssVariables(), routePreload(webRoot)],
  build: {
    // PORTAL_WEB_DIST: see lib/local/paths.ts
    outDir: process.env.PORTAL_WEB_DIST ?? 'dist',
    emptyOutDir: true,
    // Neither Vite's modulepreload polyfill nor its preload helper (1.5 KB gzipped on every route together):
    // build/routePreload.ts preloads each route's files from one map, on the first load and on navigation.
    modulePreload: false,
    // Pages are lazy chunks (app/router.tsx). Size per route: node web/scripts/route-js-size.mjs
    rolldownOptions: {
      // Skip unused re-exports of side-effect-free barrels, so the module graph is what is used.
      experimental: { lazyBarrel: true },
      treeshake: {
        // CommonJS packages that have no side effects, which a bundler must otherwise assume of
        // CommonJS: prop-types (MUI reads it only in development branches), hoist-non-react-statics
        // and the react-is it brings (Emotion's withTheme, which we never use). About 2 KB gzipped on
        // every route (issue 10).
        moduleSideEffects: [{ test: /[\\/]node_modules[\\/](prop-types|hoist-non-react-statics|react-is)[\\/]/, sideEffects: false }],
      },
      // Shell first: what the shell holds, no other chunk takes.
      output: {
        codeSplitting: {
          groups: [
            { name: shellChunk, debugName: 'shell', priority: 10 },
            ...budgetedPages.map(({ chunk }, i) => ({
              name: (moduleId: string, graph: ModuleGraph) => (plannedChunks(graph).get(moduleId) === chunk ? chunk : null),
              debugName: chunk,
              priority: 1 + budgetedPages.length - i,
            })),
          ],
        },
      },
    },
  },
  server: {
    // '/local/stripe': the local Stripe sandbox that the checkout's sandbox card form confirms with.
    proxy: { '/api': gateway, '/config.json': gateway, '/local/stripe': gateway },
  },
});
