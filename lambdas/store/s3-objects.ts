/**
 * The few S3 object calls the document routes make (put, copy, head, get, delete, presign), through
 * the AWS SDK v3's own parts: its SigV4 signer and presigner, its default credential chain and its
 * Node HTTP handler. S3Client itself is not used, and the reason is cold start, not bytes: measured
 * with bench/cold-load.ts (fresh Node processes requiring each bundle as the CDK builds it, median of
 * 41, alternated with hello world and with the same route built on S3Client + getSignedUrl), the SDK
 * client adds about 15 ms of CPU to the cold load of every document route: process CPU (wall)
 * documents-upload 79.8 -> 94.8 ms (97.8 -> 116.4 ms), documents-download 76.7 -> 91.9 ms
 * (91.6 -> 118.0 ms), documents-upload-url 66.3 -> 86.7 ms (83.3 -> 109.1 ms), hello world 51.5 ms
 * (67.9 ms); require() of documents-upload 30 -> 45 ms of CPU, its bundle 306 -> 492 KB. S3Client
 * also imports @smithy/core/event-streams eagerly, which the bundles leave out (UNREACHED_SDK_FEATURES).
 * What this gives up and what replaces it:
 *   - endpoint rules: the bucket's regional endpoint, virtual-hosted (path-style with
 *     S3_FORCE_PATH_STYLE or a bucket name with dots), or the AWS_ENDPOINT_URL_S3 / AWS_ENDPOINT_URL
 *     the SDK would use; no FIPS, dual-stack or access-point ARNs (the document bucket needs none);
 *   - retries: up to three attempts on network errors, throttling and 5xx, as the SDK's standard mode;
 *   - errors: S3's XML error code becomes the error's name (NoSuchKey, AccessDenied...).
 * s3-objects.test.ts holds its requests and URLs to what S3Client and getSignedUrl produce.
 */
import { formatUrl } from '@aws-sdk/core/util';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import { Sha256 } from '@smithy/core/checksum';
import { HttpRequest } from '@smithy/core/protocols';
import { NodeHttpHandler, streamCollector } from '@smithy/node-http-handler';
import { SignatureV4 } from '@smithy/signature-v4';

export interface S3Location {
  bucket: string;
  region: string;
  /** Custom endpoint (a stand-in, or the URL presigned links should use); unset = the bucket's regional endpoint. */
  endpoint?: string;
  forcePathStyle?: boolean;
}

/** An S3 error answer: `name` is S3's error code, `status` the HTTP status. */
export class S3Error extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = code;
  }

  get retryable(): boolean {
    return this.status >= 500 || this.status === 429 || this.code === 'SlowDown' || this.code === 'RequestTimeout';
  }
}

export interface ObjectRequestInit {
  method: 'GET' | 'HEAD' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  query?: Record<string, string>;
  body?: Uint8Array;
}

export interface S3Answer {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
}

/** The SDK's standard retry mode makes three attempts, backing off exponentially with jitter. */
const MAX_ATTEMPTS = 3;
const backOff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 100 * 2 ** attempt));

/** S3 encodes each key segment as a URI component, slashes kept; `!'()*` too, as the SDK does. */
const encodeKey = (key: string) =>
  key
    .split('/')
    .map((part) => encodeURIComponent(part).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');

/** The request for one object, as S3Client would address it (before signing). */
export function objectRequest(at: S3Location, key: string, init: ObjectRequestInit): HttpRequest {
  const pathStyle = at.forcePathStyle === true || at.bucket.includes('.');
  const base = new URL(at.endpoint ?? `https://s3.${at.region}.amazonaws.com${at.region.startsWith('cn-') ? '.cn' : ''}`);
  const prefix = base.pathname.replace(/\/$/, '');
  const hostname = pathStyle ? base.hostname : `${at.bucket}.${base.hostname}`;
  return new HttpRequest({
    method: init.method,
    protocol: base.protocol,
    hostname,
    port: base.port ? Number(base.port) : undefined,
    path: `${prefix}${pathStyle ? `/${at.bucket}` : ''}/${encodeKey(key)}`,
    query: init.query ?? {},
    headers: { host: base.port ? `${hostname}:${base.port}` : hostname, ...init.headers },
    body: init.body,
  });
}

/** Talks to one bucket: the Lambda's own calls, signed in headers. */
export class S3Objects {
  private readonly credentials = defaultProvider();
  private readonly signer: SignatureV4;
  private readonly http = new NodeHttpHandler({ connectionTimeout: 3_000, requestTimeout: 30_000 });

  constructor(readonly at: S3Location) {
    // S3 signs the path as sent (no second encoding) and wants the payload's hash in a header
    this.signer = new SignatureV4({ service: 's3', region: at.region, credentials: this.credentials, sha256: Sha256, uriEscapePath: false, applyChecksum: true });
  }

  /** One call, retried on network errors, throttling and 5xx; any other error answer throws S3Error. */
  async send(key: string, init: ObjectRequestInit): Promise<S3Answer> {
    for (let attempt = 1; ; attempt++) {
      let answer: S3Answer | S3Error;
      try {
        answer = await this.once(key, init);
      } catch (networkError) {
        if (attempt >= MAX_ATTEMPTS) throw networkError;
        await backOff(attempt);
        continue;
      }
      if (!(answer instanceof S3Error)) return answer;
      if (attempt >= MAX_ATTEMPTS || !answer.retryable) throw answer;
      await backOff(attempt);
    }
  }

  private async once(key: string, init: ObjectRequestInit): Promise<S3Answer | S3Error> {
    const signed = await this.signer.sign(objectRequest(this.at, key, init));
    const { response } = await this.http.handle(signed as HttpRequest);
    const body = response.body ? await streamCollector(response.body) : new Uint8Array();
    // CopyObject may answer 200 with the error in its body
    const mayHoldError = response.statusCode >= 300 || init.headers?.['x-amz-copy-source'] !== undefined;
    const text = mayHoldError ? new TextDecoder().decode(body) : '';
    if (!text.includes('<Error>') && response.statusCode < 300) return { status: response.statusCode, headers: response.headers, body };
    // a HEAD answer has no body: its 404 is S3Client's "NotFound"
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? (response.statusCode === 404 ? 'NotFound' : `Http${response.statusCode}`);
    const message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1] ?? `S3 answered ${response.statusCode}`;
    return new S3Error(code, response.statusCode < 300 ? 500 : response.statusCode, message);
  }
}

/** Signs URLs for one bucket (a class apart, so routes that only call S3 bundle no presigner). */
export class S3Presigner {
  private readonly presigner: S3RequestPresigner;

  constructor(readonly at: S3Location) {
    this.presigner = new S3RequestPresigner({ credentials: defaultProvider(), region: at.region, sha256: Sha256 });
  }

  /** A URL anyone may use until it expires, for exactly this request (what getSignedUrl answers). */
  async presign(key: string, init: ObjectRequestInit, opts: { expiresIn: number; signableHeaders?: Set<string> }): Promise<string> {
    return formatUrl(await this.presigner.presign(objectRequest(this.at, key, init), opts));
  }
}
