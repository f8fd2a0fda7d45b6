/**
 * The local gateway on a free port, trusting a JWKS served next to it: for tests that must cross the
 * gateway's own checks (the JWT authorizer, its limits) with tokens signed as Cognito signs them,
 * without a user pool. `sign` fills the access-token claims the authorizer requires.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { startGateway } from '../gateway.js';
import { jwtVerifierFor } from '../jwt-verifier.js';

export interface SignedGateway {
  base: string;
  /** The pool's issuer URL (…/pool_1), as Cognito's tokens carry it. */
  issuer: string;
  /** An access token for `username`, claims overridable (`exp`, `iss`, `cognito:groups`, …). */
  sign(username: string, claims?: JWTPayload): Promise<string>;
  stop(): Promise<void>;
}

export async function startSignedGateway(opts: { clientId: string; now?: () => Date }): Promise<SignedGateway> {
  const pair = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const jwks = http.createServer((_req, res) => res.end(JSON.stringify({ keys: [jwk] })));
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/pool_1`;
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'signed-gateway-'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<div id="root"></div>');
  const gateway = await startGateway({
    port: 0,
    host: '127.0.0.1',
    webRoot,
    runtimeConfig: {} as never,
    verifyToken: jwtVerifierFor({ issuer, audience: opts.clientId, ...(opts.now ? { now: opts.now } : {}) }),
  });
  const seconds = () => Math.floor(Date.now() / 1000);
  return {
    base: `http://127.0.0.1:${(gateway[0].address() as AddressInfo).port}`,
    issuer,
    sign: (username, claims = {}) =>
      new SignJWT({
        sub: `${username}-sub`,
        username,
        client_id: opts.clientId,
        token_use: 'access',
        iss: issuer,
        iat: seconds(),
        exp: seconds() + 3600,
        ...claims,
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .sign(pair.privateKey),
    async stop() {
      for (const server of [...gateway, jwks]) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
      fs.rmSync(webRoot, { recursive: true, force: true });
    },
  };
}
