/**
 * Serves the built SPA like CloudFront does: real files as they are, any other path gets index.html,
 * and text files gzip-compressed for browsers that accept it (the distribution compresses, so page
 * loads measured here, e.g. by the benchmark's Lighthouse run, move the bytes users download).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import { createGzip, constants as zlib } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** What CloudFront compresses: these types, from 1,000 bytes. */
const COMPRESSED = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.map']);
const MIN_COMPRESSED_BYTES = 1000;

export function serveStatic(root: string, pathname: string, res: ServerResponse, headers: Record<string, string>, acceptEncoding = ''): void {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    decoded = '/';
  }
  const candidate = path.normalize(path.join(root, decoded));
  const insideRoot = candidate.startsWith(root + path.sep);
  const isFile = insideRoot && fs.existsSync(candidate) && fs.statSync(candidate).isFile();
  // Like the CloudFront Function: paths without an extension are SPA routes.
  const file = isFile ? candidate : path.extname(decoded) === '' ? path.join(root, 'index.html') : null;
  if (!file || !fs.existsSync(file)) {
    res.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
    res.end('Not found');
    return;
  }
  const hashedAsset = file.includes(`${path.sep}assets${path.sep}`);
  const gzip = COMPRESSED.has(path.extname(file)) && fs.statSync(file).size >= MIN_COMPRESSED_BYTES && /\bgzip\b/i.test(acceptEncoding);
  res.writeHead(200, {
    ...headers,
    'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'cache-control': hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
    vary: 'accept-encoding',
    ...(gzip ? { 'content-encoding': 'gzip' } : {}),
  });
  const content = fs.createReadStream(file);
  // level 6, as the SPA budget measures (web/scripts/route-js-size.mjs)
  if (gzip) content.pipe(createGzip({ level: zlib.Z_DEFAULT_COMPRESSION })).pipe(res);
  else content.pipe(res);
}
