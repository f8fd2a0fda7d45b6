import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAME_CACHE_MS, callerDisplayName } from './caller-name.js';

// A stand-in answering Cognito's GetUser as the JSON protocol does, counting the calls per token.
const calls = new Map<string, number>();
const names: Record<string, [string, string] | null> = { 'token-sam': ['Sam', 'Rivera'], 'token-nameless': null };
let server: Server;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const { AccessToken } = JSON.parse(body) as { AccessToken: string };
      calls.set(AccessToken, (calls.get(AccessToken) ?? 0) + 1);
      const name = names[AccessToken];
      res.setHeader('content-type', 'application/x-amz-json-1.1');
      if (name === undefined) {
        res.statusCode = 400;
        res.end(JSON.stringify({ __type: 'NotAuthorizedException', message: 'Invalid Access Token' }));
        return;
      }
      const attributes = name
        ? [
            { Name: 'given_name', Value: name[0] },
            { Name: 'family_name', Value: name[1] },
          ]
        : [];
      res.end(JSON.stringify({ Username: 'x', UserAttributes: attributes }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('callerDisplayName', () => {
  it('asks Cognito once per warm container for a name it found, again once the cache ends', async () => {
    const t0 = 1_000_000;
    expect(await callerDisplayName('token-sam', 'sam.rivera', t0)).toBe('Sam Rivera');
    expect(await callerDisplayName('token-sam', 'sam.rivera', t0 + NAME_CACHE_MS - 1)).toBe('Sam Rivera');
    expect(calls.get('token-sam')).toBe(1);
    expect(await callerDisplayName('token-sam', 'sam.rivera', t0 + NAME_CACHE_MS)).toBe('Sam Rivera');
    expect(calls.get('token-sam')).toBe(2);
  });

  it('falls back to the username, and keeps asking, when there is no name or the token is refused', async () => {
    expect(await callerDisplayName('token-nameless', 'nameless', 0)).toBe('nameless');
    expect(await callerDisplayName('token-nameless', 'nameless', 1)).toBe('nameless');
    expect(calls.get('token-nameless')).toBe(2);
    expect(await callerDisplayName('token-refused', 'refused', 0)).toBe('refused');
    expect(await callerDisplayName(null, 'no-token', 0)).toBe('no-token');
  });
});
