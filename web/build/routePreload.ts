/**
 * Preloads the current route's JavaScript with the entry (issue 21): without it a page's lazy chunk
 * starts downloading only once the shell (about 150 KiB gzipped) has downloaded and run, one more round
 * trip on a phone. The build writes, into index.html, a JSON map of route -> chunk files (a data block:
 * the CSP's script-src 'self' allows no inline script) and a tiny module script that adds
 * <link rel="modulepreload"> for the route being opened. Module scripts run in document order, and this
 * one has no imports, so it runs while the entry is still downloading.
 */
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { paths } from '../src/app/paths.js';

/**
 * Route -> the modules app/router.tsx lazy-loads for it, relative to web/ (guards first). The SPA
 * budget test checks that every module the router lazy-loads is here or in NOT_PRELOADED.
 */
export const ROUTE_MODULES: Record<string, string[]> = {
  [paths.home]: ['src/features/auth/LoginPage.tsx'],
  [paths.dashboard]: ['src/features/dashboard/DashboardPage.tsx'],
  [paths.cart]: ['src/features/cart/cartPages.ts'],
  [paths.checkout]: ['src/features/cart/cartPages.ts'],
  [paths.courseScheduleEditor]: ['src/features/schedule/CourseScheduleEditorPage.tsx'],
  [paths.payments]: ['src/features/payments/paymentPages.ts'],
  [paths.paymentReceipt]: ['src/features/payments/paymentPages.ts'],
  [paths.documents]: ['src/features/documents/DocumentsRoute.tsx'],
  [paths.courseManager]: ['src/features/courses/CourseManagementPage.tsx'],
  [paths.courses]: ['src/features/courses/CoursesCatalogPage.tsx'],
  [paths.cohortManagement]: ['src/components/AdminGuard.tsx', 'src/app/adminPages.ts'],
  [paths.cohortDetail]: ['src/components/AdminGuard.tsx', 'src/app/adminPages.ts'],
  [paths.admin]: ['src/components/AdminGuard.tsx', 'src/app/adminPages.ts'],
  [paths.finance]: ['src/components/FinanceGuard.tsx', 'src/features/finance/FinanceLedgerPage.tsx'],
};
/** Lazy modules with no route of their own to preload for: the not-found page (any unknown path). */
export const NOT_PRELOADED = ['src/components/NotFoundPage.tsx'];

/** Runs in the browser (kept small and dependency-free): matches ":param" segments, ignores case. */
const PRELOAD_SCRIPT = `const routes = JSON.parse(document.getElementById('route-chunks').textContent);
const here = location.pathname.toLowerCase().split('/').filter(Boolean);
const match = Object.keys(routes).find((route) => {
  const parts = route.toLowerCase().split('/').filter(Boolean);
  return parts.length === here.length && parts.every((part, i) => part.startsWith(':') || part === here[i]);
});
for (const href of match ? routes[match] : []) {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = href;
  link.crossOrigin = '';
  document.head.append(link);
}
`;

/** A chunk's file and its static imports' files, transitively. */
function staticFiles(bundle: OutputBundle, fileName: string, seen = new Set<string>()): Set<string> {
  if (seen.has(fileName)) return seen;
  const chunk = bundle[fileName];
  if (chunk?.type !== 'chunk') return seen;
  seen.add(fileName);
  for (const imported of chunk.imports) staticFiles(bundle, imported, seen);
  return seen;
}

export function routeChunkMap(bundle: OutputBundle, webRoot: string, base = '/'): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const entryFiles = new Set<string>();
  for (const entry of chunks.filter((c) => c.isEntry)) staticFiles(bundle, entry.fileName, entryFiles);
  const chunkOf = (module: string) => {
    const id = `${webRoot}${module}`;
    const chunk = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
    if (!chunk) throw new Error(`routePreload: no chunk holds ${module} (web/build/routePreload.ts ROUTE_MODULES)`);
    return chunk.fileName;
  };
  return Object.fromEntries(
    Object.entries(ROUTE_MODULES).map(([route, modules]) => {
      const files = new Set<string>();
      for (const module of modules) staticFiles(bundle, chunkOf(module), files);
      return [route, [...files].filter((f) => !entryFiles.has(f)).map((f) => `${base}${f}`)];
    }),
  );
}

export function routePreload(webRoot: string): Plugin {
  return {
    name: 'portal:route-preload',
    apply: 'build',
    generateBundle: {
      // after vite's own HTML plugin has written index.html into the bundle
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset') return;
        const map = JSON.stringify(routeChunkMap(bundle as OutputBundle, webRoot)).replaceAll('<', '\\u003c');
        const script = this.getFileName(this.emitFile({ type: 'asset', name: 'route-preload.js', source: PRELOAD_SCRIPT }));
        const tags = `<script type="application/json" id="route-chunks">${map}</script>\n    <script type="module" src="/${script}"></script>\n    `;
        html.source = String(html.source).replace(/<script type="module"/, `${tags}<script type="module"`);
      },
    },
  };
}
