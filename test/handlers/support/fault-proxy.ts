/**
 * Fault injection on the wire: an HTTP proxy in front of a stand-in (DynamoDB Local, s3rver) that
 * passes requests through unless a rule says otherwise. Faults are real protocol answers (a
 * throttling error, a 500, a connection closed after the stand-in committed), so the SDK's own
 * retries and error parsing run exactly as they would against AWS; nothing in the code under test
 * is replaced.
 */
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Fault =
  | { kind: 'answer'; status: number; headers?: Record<string, string>; body: string }
  /** Forward the request (the stand-in acts on it), then cut the connection before the answer. */
  | { kind: 'lose-answer' };

export type Rule = (request: SeenRequest) => Fault | null;

export interface FaultProxy {
  url: string;
  /** Every request seen, faulted or not. */
  seen: SeenRequest[];
  /** Replaces the rule; `null` passes everything through. */
  setRule(rule: Rule | null): void;
  close(): Promise<void>;
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  let rule: Rule | null = null;
  const seen: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const request: SeenRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body: body.toString('utf8') };
      seen.push(request);
      const fault = rule?.(request) ?? null;
      if (fault?.kind === 'answer') {
        res.writeHead(fault.status, { 'content-type': 'application/x-amz-json-1.0', ...fault.headers });
        res.end(fault.body);
        return;
      }
      const forward = http.request(
        { hostname: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
        (answer) => {
          if (fault?.kind === 'lose-answer') {
            answer.resume();
            answer.on('end', () => req.socket.destroy());
            return;
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forward.on('error', () => res.destroy());
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    setRule: (next) => {
      rule = next;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The DynamoDB operation of a request (`X-Amz-Target: DynamoDB_20120810.TransactWriteItems`). */
export const dynamoOperation = (request: SeenRequest) => String(request.headers['x-amz-target'] ?? '').split('.')[1] ?? '';

/** DynamoDB's own answer when a table's capacity is exceeded: retryable, the SDK backs off and retries. */
export const throttled = (): Fault => ({
  kind: 'answer',
  status: 400,
  body: JSON.stringify({
    __type: 'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException',
    message: 'The level of configured provisioned throughput for the table was exceeded.',
  }),
});

/** S3's answer when it fails internally. */
export const s3InternalError = (): Fault => ({
  kind: 'answer',
  status: 500,
  headers: { 'content-type': 'application/xml' },
  body: '<?xml version="1.0" encoding="UTF-8"?><Error><Code>InternalError</Code><Message>We encountered an internal error. Please try again.</Message></Error>',
});
