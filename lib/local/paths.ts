import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** Repository root, found from this file so commands work from any working directory. */
export const REPO_ROOT = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
export const LAMBDAS_DIR = path.join(REPO_ROOT, 'lambdas');
/** PORTAL_WEB_DIST: another build directory, so two checkouts' browser runs on one tree never share a build. */
export const WEB_DIST = process.env.PORTAL_WEB_DIST ? path.resolve(process.env.PORTAL_WEB_DIST) : path.join(REPO_ROOT, 'web', 'dist');
/** Where `npm start` keeps its data between runs; `npm run reset` wipes it. */
export const DEFAULT_DATA_DIR = path.join(REPO_ROOT, '.data');
export const nodeModule = (...parts: string[]) => path.join(REPO_ROOT, 'node_modules', ...parts);
