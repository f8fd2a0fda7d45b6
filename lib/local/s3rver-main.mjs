// Runs s3rver as its own process. Started by lib/local/s3-local.ts with --openssl-legacy-provider,
// which s3rver needs for paginated listings on Node 17+.
import { createRequire } from 'node:module';
import S3rver from 's3rver';

// s3rver knows one key pair, its published S3RVER/S3RVER, and checks only that a V4 request names a
// known access key id (it computes no V4 signature): it gets this data directory's own pair instead
// (local-credentials.ts). Same module instance as s3rver's own require of it.
const { DUMMY_ACCOUNT } = createRequire(import.meta.url)('s3rver/lib/models/account');
const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = process.env;
if (!accessKeyId || !secretAccessKey) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required');
DUMMY_ACCOUNT.createKeyPair(accessKeyId, secretAccessKey);
DUMMY_ACCOUNT.revokeAccessKey('S3RVER');

const cors = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>POST</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

const server = new S3rver({
  port: Number(process.env.S3_PORT),
  address: '127.0.0.1',
  directory: process.env.S3_DIR,
  silent: true,
  configureBuckets: [{ name: process.env.S3_BUCKET, configs: [cors] }],
});
await server.run();
console.log(`s3rver listening on ${process.env.S3_PORT}`);
