/**
 * The private bucket of document files, as the handlers reach it: its region, and locally the
 * stand-in's endpoint and path-style addressing (AWS_ENDPOINT_URL_S3, read as the SDK reads it).
 * Presigned URLs the browser follows point at S3 itself in the cloud. Locally S3_PUBLIC_PATH is set
 * (`/local/s3`): they point there on the origin the request came in on, which the gateway proxies to
 * s3rver after checking the signature (lib/local/s3-proxy.ts), so CSP 'self' holds on any host name.
 */
import { requireEnv } from '../config.js';
import type { S3Location } from './s3-objects.js';

export const documentBucket: S3Location = {
  bucket: requireEnv('BUCKET_NAME'),
  region: requireEnv('AWS_REGION'),
  endpoint: process.env.AWS_ENDPOINT_URL_S3 ?? process.env.AWS_ENDPOINT_URL,
  forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true',
};

const publicPath = process.env.S3_PUBLIC_PATH;

/** Where the browser reaches the bucket, for a request that came in on `origin`. */
export function publicDocumentBucket(origin: string | null): S3Location {
  if (!publicPath) return documentBucket;
  if (!origin) throw new Error('S3_PUBLIC_PATH is set but the request has no usable Host');
  return { ...documentBucket, endpoint: `${origin}${publicPath}` };
}
