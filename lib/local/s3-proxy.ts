/**
 * The document bucket on the gateway's own origin, at /local/s3/<bucket>/<key>: presigned URLs
 * (S3_PUBLIC_ENDPOINT) point here, so previews, downloads and presigned uploads stay same-origin
 * under the CSP's 'self', as they stay on S3 in the cloud. Requests are passed to s3rver as they
 * are; s3rver checks no signatures, so this mount only lets through presigned GET, HEAD and PUT
 * requests for the document bucket, like the only ones the API hands out.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';

export const S3_PROXY_PREFIX = '/local/s3';

/** Request headers an S3 GET or PUT needs; everything else (cookies, authorization) stays here. */
const FORWARDED = ['content-type', 'content-length', 'content-md5', 'range', 'if-match', 'if-none-match', 'if-modified-since', 'if-unmodified-since'];
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

export function createS3Proxy(opts: { target: string; bucket: string }) {
  const target = new URL(opts.target);
  return async function mount(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    if (!url.pathname.startsWith(`${S3_PROXY_PREFIX}/`)) return false;
    const path = url.pathname.slice(S3_PROXY_PREFIX.length);
    const refuse = (status: number, message: string) => {
      res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(message);
      return true;
    };
    if (!['GET', 'HEAD', 'PUT'].includes(req.method ?? '')) return refuse(405, 'Method not allowed');
    if (!path.startsWith(`/${opts.bucket}/`)) return refuse(404, 'No such bucket');
    if (!url.searchParams.has('X-Amz-Signature')) return refuse(403, 'Only presigned requests are served here');

    const headers: Record<string, string | string[]> = { host: target.host };
    for (const name of FORWARDED) if (req.headers[name] !== undefined) headers[name] = req.headers[name]!;
    await new Promise<void>((resolve) => {
      const upstream = http.request({
        hostname: target.hostname, port: target.port, method: req.method, path: `${path}${url.search}`, headers,
      }, (answer) => {
        const out: Record<string, string | string[]> = { 'x-content-type-options': 'nosniff' };
        for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
        res.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(res);
        answer.on('end', resolve);
        answer.on('error', () => { res.destroy(); resolve(); });
      });
      upstream.on('error', () => {
        if (!res.headersSent) refuse(502, 'The local S3 stand-in did not answer');
        else res.destroy();
        resolve();
      });
      req.pipe(upstream);
    });
    return true;
  };
}
