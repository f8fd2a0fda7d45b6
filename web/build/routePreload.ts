/**
 * Preloads the current route's JavaScript with the entry: without it a page's lazy chunk
 * starts downloading only once the shell (about 150 KiB gzipped) has downloaded and run, one more round
 * trip on a phone. The build writes, into index.html, a JSON map of route -> chunk files (a data block:
 * the CSP's script-src 'self' allows no inline script) and a tiny module script that adds
 * <link rel="modulepreload"> for the route being opened. Module scripts run in document order, and this
 * one has no imports, so it runs while the entry is still downloading. The web fonts are preloaded as well.
 *
 * The same map serves in-app navigation: main.tsx calls the script's global with each navigation's target,
 * so a page's chunk and the chunks it imports download together. That is the work Vite's own preload helper
 * did for every lazy import (1.2 KB gzipped in the shell), which vite.config.ts turns off (`modulePreload: false`).
 */
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { paths } from '../src/shared/paths.js';

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
  [paths.cohortManagement]: ['src/app/guards/AdminGuard.tsx', 'src/app/adminPages.ts'],
  [paths.cohortDetail]: ['src/app/guards/AdminGuard.tsx', 'src/app/adminPages.ts'],
  [paths.admin]: ['src/app/guards/AdminGuard.tsx', 'src/app/adminPages.ts'],
  [paths.finance]: ['src/app/guards/FinanceGuard.tsx', 'src/features/finance/FinanceLedgerPage.tsx'],
  [paths.notifications]: ['src/features/notifications/NotificationsPage.tsx'],
  [paths.announcements]: ['src/app/guards/StaffGuard.tsx', 'src/features/announcements/AnnouncementsPage.tsx'],
  [paths.myCompliance]: ['src/features/compliance/compliancePages.ts'],
  [paths.complianceReview]: ['src/app/guards/ComplianceGuard.tsx', 'src/features/compliance/compliancePages.ts'],
  [paths.cohortCompliance]: ['src/app/guards/ComplianceGuard.tsx', 'src/features/compliance/compliancePages.ts'],
  [paths.complianceRequirements]: ['src/app/guards/AdminGuard.tsx', 'src/features/compliance/compliancePages.ts'],
  [paths.clinicalSites]: ['src/app/guards/AdminGuard.tsx', 'src/features/clinical/clinicalPages.ts'],
  [paths.rotations]: ['src/app/guards/ComplianceGuard.tsx', 'src/features/clinical/clinicalPages.ts'],
  [paths.rotationRoster]: ['src/app/guards/ComplianceGuard.tsx', 'src/features/clinical/clinicalPages.ts'],
  [paths.sharedRoster]: ['src/features/clinical/SharedRosterPage.tsx'],
  [paths.paymentPlans]: ['src/app/guards/FinanceGuard.tsx', 'src/features/plans/PaymentPlansPage.tsx'],
  [paths.paymentPlanList]: ['src/app/guards/FinanceGuard.tsx', 'src/features/plans/PlanListPage.tsx'],
  [paths.myPlan]: ['src/features/plans/planPages.ts'],
  [paths.planWizard]: ['src/features/plans/planPages.ts'],
};
/** Lazy modules with no route of their own to preload for: the not-found page (any unknown path). */
export const NOT_PRELOADED = ['src/shared/components/NotFoundPage.tsx'];

/** What the page calls to preload a route's files (main.tsx, on each navigation). */
export const PRELOAD_GLOBAL = 'portalPreloadRoute';

/**
 * Runs in the browser, written minified (every byte is on every route): finds the route whose segments match
 * the path's (":param" matches any, case ignored) and adds a modulepreload link for each of its files not
 * preloaded yet; once for the page being opened, then for every navigation (main.tsx calls the global).
 */
const PRELOAD_SCRIPT = `const r=JSON.parse(document.getElementById('route-chunks').textContent),d=new Set;
window.${PRELOAD_GLOBAL}=(path)=>{const h=path.toLowerCase().split('/').filter(Boolean),m=Object.keys(r).find(k=>{const p=k.toLowerCase().split('/').filter(Boolean);return p.length===h.length&&p.every((s,i)=>s[0]===':'||s===h[i])});for(const f of m?r[m]:[])if(!d.has(f)){d.add(f);const l=document.createElement('link');l.rel='modulepreload';l.href=f;l.crossOrigin='';document.head.append(l)}};
${PRELOAD_GLOBAL}(location.pathname);
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

/**
 * `entryScripts`: the files index.html loads itself (its module scripts), whose closure every route has already:
 * read from the page rather than from `isEntry`, since Rolldown may fold the HTML's entry into the shell chunk.
 */
export function routeChunkMap(bundle: OutputBundle, webRoot: string, entryScripts: readonly string[], base = '/'): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const entryFiles = new Set<string>();
  for (const file of entryScripts) staticFiles(bundle, file, entryFiles);
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
        const entryScripts = [...String(html.source).matchAll(/<script type="module"[^>]*\ssrc="\/([^"]+\.js)"/g)].map((m) => m[1]!);
        const map = JSON.stringify(routeChunkMap(bundle as OutputBundle, webRoot, entryScripts)).replaceAll('<', '\\u003c');
        const script = this.getFileName(this.emitFile({ type: 'asset', name: 'route-preload.js', source: PRELOAD_SCRIPT }));
        // the fonts too: arriving after the first paint, they re-flow the text and move the cards (Lighthouse CLS)
        const fonts = Object.keys(bundle).filter((file) => file.endsWith('.woff2'));
        const fontLinks = fonts.map((file) => `<link rel="preload" href="/${file}" as="font" type="font/woff2" crossorigin>\n    `).join('');
        // and the runtime config main.tsx reads before the first render: one round trip less before anything shows
        const configLink = '<link rel="preload" href="/config.json" as="fetch" crossorigin>\n    ';
        const tags = `${configLink}${fontLinks}<script type="application/json" id="route-chunks">${map}</script>\n    <script type="module" src="/${script}"></script>\n    `;
        html.source = String(html.source).replace(/<script type="module"/, `${tags}<script type="module"`);
      },
    },
  };
}
