/**
 * Reads a request body up to API Gateway's 10 MB. A larger body is read to its end and thrown away
 * rather than abandoned mid-stream: stopping early would leave the rest of it on the socket, where it
 * would be parsed as the next request and the keep-alive connection reset. Bodies too large even to
 * drain are answered with the connection closed, as a client sending them must expect.
 */
import type { IncomingMessage } from 'node:http';
import { PAYLOAD_LIMIT_BYTES } from './gateway-answers.js';

/** Past this much, reading the rest just to keep one connection open is not worth it. */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

export type BodyRead = { kind: 'body'; body: Buffer } | { kind: 'too-large'; closeConnection: boolean };

export async function readBody(req: IncomingMessage, limit = PAYLOAD_LIMIT_BYTES): Promise<BodyRead> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > DRAIN_LIMIT_BYTES) return { kind: 'too-large', closeConnection: true };
  const chunks: Buffer[] = [];
  let size = 0;
  return new Promise<BodyRead>((resolve, reject) => {
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else if (size > DRAIN_LIMIT_BYTES) {
        req.pause();
        resolve({ kind: 'too-large', closeConnection: true });
      } else chunks.length = 0;
    });
    req.on('end', () => resolve(size > limit ? { kind: 'too-large', closeConnection: false } : { kind: 'body', body: Buffer.concat(chunks) }));
    req.on('error', reject);
  });
}
