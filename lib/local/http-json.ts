/** JSON in and out for the local stack's own mounts (/local/jobs, /local/queue, /local/clock). */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A mount's answer; `true` so a mount can `return sendJson(...)` as "handled". */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): true {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
  return true;
}

/**
 * The request's JSON object (an empty body is `{}`), or an Error naming the body and showing `example`.
 * Reading stops past `maxBytes`.
 */
export async function readJsonObject(req: IncomingMessage, maxBytes: number, example: string): Promise<Record<string, unknown> | Error> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) return new Error('body: too large');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (text === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // answered below
  }
  return new Error(`body: expected a JSON object such as ${example}`);
}

/** A path segment decoded, or as sent when it is not valid percent-encoding. */
export function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
