// Reports the gzipped JavaScript (KiB = 1024 bytes) a browser downloads to show a route: the entry's static import
// closure plus the route's lazy page chunk and its static imports. Run after `npm run build:web`:
//   node web/scripts/route-js-size.mjs            (budget check: exits 1 above the budget)
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 170;
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const assets = join(dist, 'assets');
/** Route -> the page module whose chunk the router lazy-loads for it. */
const routes = { '/': 'LoginPage', '/Dashboard': 'DashboardPage' };

const staticImports = (file) =>
  [...readFileSync(join(assets, file), 'utf8').matchAll(/(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["']\.\/([^"']+\.js)["']/g)].map((m) => m[1]);

function closure(files, seen = new Set()) {
  for (const file of files) {
    if (seen.has(file)) continue;
    seen.add(file);
    closure(staticImports(file), seen);
  }
  return seen;
}

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
const chunks = readdirSync(assets).filter((f) => f.endsWith('.js'));
let failed = false;
for (const [route, page] of Object.entries(routes)) {
  const pageChunk = chunks.find((f) => f.startsWith(`${page}-`));
  if (!pageChunk) throw new Error(`No chunk for ${page}`);
  const files = closure([...entry, pageChunk]);
  const gzipped = (level) => [...files].reduce((sum, f) => sum + gzipSync(readFileSync(join(assets, f)), { level }).length, 0);
  const kb = gzipped(6) / 1024; // zlib's default level, as servers typically compress on the fly
  failed ||= kb > BUDGET_KB;
  console.log(
    `${route.padEnd(12)} ${kb.toFixed(1)} KiB gzipped JS (${(gzipped(9) / 1024).toFixed(1)} KiB at gzip -9) ` +
      `in ${files.size} files; budget ${BUDGET_KB} KiB`,
  );
}
process.exit(failed ? 1 : 0);
