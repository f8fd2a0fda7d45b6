import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic } from './static-files.js';

let root: string;
let server: http.Server;
let base: string;
const script = `export const x = ${JSON.stringify('a'.repeat(5000))};\n`;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-static-'));
  fs.mkdirSync(path.join(root, 'assets'));
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>x</title>');
  fs.writeFileSync(path.join(root, 'assets', 'app-1a2b.js'), script);
  fs.writeFileSync(path.join(root, 'assets', 'font.woff2'), Buffer.alloc(4000, 1));
  server = http.createServer((req, res) => serveStatic(root, new URL(req.url!, 'http://x').pathname, res, {}, req.headers['accept-encoding']));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** The raw answer, without the decompression fetch would do. */
function get(pathname: string, acceptEncoding?: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${pathname}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('the local SPA server compresses like CloudFront', () => {
  it('gzips text assets of 1,000 bytes and more for browsers that accept gzip', async () => {
    const { headers, body } = await get('/assets/app-1a2b.js', 'gzip, deflate, br, zstd');
    expect(headers['content-encoding']).toBe('gzip');
    expect(headers.vary).toBe('accept-encoding');
    expect(body.length).toBeLessThan(script.length / 10);
    expect(gunzipSync(body).toString()).toBe(script);
  });

  it('sends them as they are without Accept-Encoding, and never compresses fonts or small files', async () => {
    expect((await get('/assets/app-1a2b.js')).headers['content-encoding']).toBeUndefined();
    expect((await get('/assets/font.woff2', 'gzip')).headers['content-encoding']).toBeUndefined();
    const page = await get('/Dashboard', 'gzip');
    expect([page.headers['content-encoding'], page.body.toString()]).toEqual([undefined, '<!doctype html><title>x</title>']);
  });
});
