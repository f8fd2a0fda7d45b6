/**
 * The private bucket of document files, as the handlers reach it: its region, and locally the
 * stand-in's endpoint and path-style addressing (AWS_ENDPOINT_URL_S3, read as the SDK reads it).
 * Presigned URLs the browser follows use S3_PUBLIC_ENDPOINT when set: locally the SPA's own origin
 * (`/local/s3`, proxied to s3rver, so CSP 'self' holds); unset in the cloud, where they point at S3.
 */
import { requireEnv } from '../config.js';
import type { S3Location } from './s3-objects.js';

export const documentBucket: S3Location = {
  bucket: requireEnv('BUCKET_NAME'),
  region: requireEnv('AWS_REGION'),
  endpoint: process.env.AWS_ENDPOINT_URL_S3 ?? process.env.AWS_ENDPOINT_URL,
  forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true',
};

export const publicDocumentBucket: S3Location = process.env.S3_PUBLIC_ENDPOINT
  ? { ...documentBucket, endpoint: process.env.S3_PUBLIC_ENDPOINT }
  : documentBucket;
