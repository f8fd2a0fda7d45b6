/** Builds the SPA (vite) when web/dist is missing or older than its sources, so `npm start` is one command. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, WEB_DIST } from './paths.js';

/** What the build is made of, this recipe included (a change to it rebuilds). */
const SOURCES = ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/build', 'web/public', 'lambdas/contract', 'lambdas/domain', 'lib/local/web-build.ts'];

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(target).reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), stat.mtimeMs);
}

export function ensureWebBuild(log: (m: string) => void): void {
  const index = path.join(WEB_DIST, 'index.html');
  const builtAt = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const changedAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(REPO_ROOT, s))));
  if (builtAt > changedAt) return;
  log('building the web app (vite)...');
  const result = spawnSync(process.execPath, [path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    // always the production build: under vitest NODE_ENV is "test", and vite would bundle React's
    // development build (slower, double effects), which `npm start` would then keep serving
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('The web build failed (see the output above)');
}
