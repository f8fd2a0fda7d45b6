import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const entryModule = fileURLToPath(new URL('./src/main.tsx', import.meta.url));

/** Local gateway (`npm start`) that `vite` dev mode forwards API and config calls to. */
const gateway = process.env.PORTAL_GATEWAY ?? 'http://localhost:3000';

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}
const shellOf = new WeakMap<ModuleGraph, Set<string>>();

/**
 * Puts every module the entry imports statically into one "shell" chunk. Those modules load
 * on every visit anyway; left alone, Rolldown spreads them over several chunks it shares with
 * the lazy pages, which compress worse (about 4 KB more gzipped per route). Needs `lazyBarrel`
 * below, or modules merely re-exported by barrels (MUI's `styles` index) would join the shell.
 */
function shellChunk(moduleId: string, graph: ModuleGraph): string | null {
  let shell = shellOf.get(graph);
  if (!shell) {
    shell = new Set();
    const pending = [entryModule];
    for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
      if (shell.has(id)) continue;
      shell.add(id);
      pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
    }
    shellOf.set(graph, shell);
  }
  return shell.has(moduleId) ? 'shell' : null;
}

export default defineConfig({
  // Run from the repository root (`npm run build:web`), so the root is set explicitly.
  root: webRoot,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Pages are lazy chunks (app/router.tsx). Size per route: node web/scripts/route-js-size.mjs
    rolldownOptions: {
      // Skip unused re-exports of side-effect-free barrels, so the module graph is what is used.
      experimental: { lazyBarrel: true },
      output: { codeSplitting: { groups: [{ name: shellChunk }] } },
    },
  },
  server: {
    proxy: { '/api': gateway, '/config.json': gateway },
  },
});
