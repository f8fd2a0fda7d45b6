/**
 * SPA budget, from a fresh production build (vite, into a temp dir: web/dist is left alone):
 * the JavaScript needed for the login route and for the dashboard is at most BUDGET_KB (172 KiB) gzipped each
 * (web/scripts/route-js-size.mjs measures it), and every page the router loads is lazy: no page
 * module is in the entry's static import graph.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { NOT_PRELOADED, ROUTE_MODULES } from '../../web/build/routePreload.js';
import { BUDGET_KB, ENTRY_BUDGET_BYTES, entryJsSize, routeJsSizes } from '../../web/scripts/route-js-size.mjs';

const webRoot = fileURLToPath(new URL('../../web/', import.meta.url));
const routerModule = join(webRoot, 'src/app/router.tsx');

interface Graph {
  /** Every module the entry imports statically, itself included. */
  entryClosure: Set<string>;
  /** What the router imports with `import()`: the page modules (and the page groups). */
  lazyPages: string[];
}

/** Records the module graph of the build it is added to. */
function graphRecorder(graph: Partial<Graph>): Plugin {
  return {
    name: 'portal:record-module-graph',
    apply: 'build',
    generateBundle() {
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const seen = new Set<string>();
      const pending = [...entries];
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (seen.has(id)) continue;
        seen.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
      graph.entryClosure = seen;
      graph.lazyPages = [...(this.getModuleInfo(routerModule)?.dynamicallyImportedIds ?? [])];
    },
  };
}

let dist: string;
const graph: Partial<Graph> = {};

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'portal-spa-'));
  // vitest sets NODE_ENV=test, which Vite would honour (React's development builds): build as `npm run build:web` does
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: join(webRoot, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir: dist, emptyOutDir: true },
      plugins: [graphRecorder(graph)],
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}, 180_000);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('SPA production build', () => {
  it.each(['/', '/Dashboard'])(`the JavaScript for %s is at most ${BUDGET_KB} KiB gzipped`, (route) => {
    const size = routeJsSizes(dist).find((r) => r.route === route)!;
    expect(size.kib, `${route}: ${size.kib.toFixed(1)} KiB in ${size.files.join(', ')}`).toBeLessThanOrEqual(BUDGET_KB);
  });

  it("loads every page lazily: none is in the entry's static import graph", () => {
    const pages = graph.lazyPages!.map((id) => id.replace(webRoot, ''));
    // the login page, the dashboard and the page groups (cart, payments, admin) at least
    expect(pages.length).toBeGreaterThanOrEqual(8);
    expect(pages).toEqual(expect.arrayContaining(['src/features/auth/LoginPage.tsx', 'src/features/dashboard/DashboardPage.tsx']));
    expect(graph.lazyPages!.filter((id) => graph.entryClosure!.has(id)).map((id) => id.replace(webRoot, ''))).toEqual([]);
    // and no page at all is imported statically (a page turned into a static import would leave lazyPages)
    expect([...graph.entryClosure!].filter((id) => /Page\.tsx$/.test(id)).map((id) => id.replace(webRoot, ''))).toEqual([]);
  });

  it(`keeps the entry within ${ENTRY_BUDGET_BYTES / 1000} KB gzipped`, () => {
    const { bytes, files } = entryJsSize(dist);
    expect(bytes, `${(bytes / 1000).toFixed(1)} KB in ${files.join(', ')}`).toBeLessThanOrEqual(ENTRY_BUDGET_BYTES);
  });

  it("preloads each route's chunks with the entry: every lazy module of the router has a route in web/build/routePreload.ts", () => {
    const pages = graph.lazyPages!.map((id) => id.replace(webRoot, ''));
    const covered = new Set([...Object.values(ROUTE_MODULES).flat(), ...NOT_PRELOADED]);
    expect(pages.filter((page) => !covered.has(page))).toEqual([]);
    // index.html carries the map, and a route's list holds its page chunk but nothing of the entry
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const map = JSON.parse(/<script type="application\/json" id="route-chunks">(.*?)<\/script>/s.exec(html)![1]!) as Record<string, string[]>;
    expect(map['/Dashboard']!.some((f) => /\/assets\/DashboardPage-[\w-]+\.js$/.test(f))).toBe(true);
    expect(map['/checkout']!.some((f) => /\/assets\/cartPages-[\w-]+\.js$/.test(f))).toBe(true);
    const entry = new Set(entryJsSize(dist).files.map((f: string) => `/assets/${f}`));
    expect(
      Object.values(map)
        .flat()
        .filter((f) => entry.has(f)),
    ).toEqual([]);
  });
});
