// Runs s3rver as its own process. Started by lib/local/s3-local.ts with --openssl-legacy-provider,
// which s3rver needs for paginated listings on Node 17+.
import S3rver from 's3rver';

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
