/**
 * The RSA key cognito-local signs its tokens with, made the first time a data directory is used and
 * kept there (`cognito-signing-key.json`, readable by its owner only). cognito-local's own key pair is
 * published in its npm package (lib/keys/cognitoLocal.private.json): with it anyone could mint an admin
 * token that the gateway's JWT check accepts. lib/local/cognito-local-main.cjs hands this one to
 * cognito-local in place of the published pair. `npm run reset` makes a new one.
 */
import { generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const COGNITO_KEY_FILE = 'cognito-signing-key.json';

/** The shapes of cognito-local's two key modules: `{ jwk, pem }` each. */
export interface CognitoSigningKey {
  private: { jwk: JsonWebKey; pem: string };
  public: { jwk: JsonWebKey; pem: string };
}

function generate(): CognitoSigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  // cognito-local signs with keyid "CognitoLocal" (services/tokenGenerator.js), and verifiers pick the JWKS key by kid
  const header = { kid: 'CognitoLocal', alg: 'RS256', use: 'sig' };
  return {
    private: { jwk: { ...privateKey.export({ format: 'jwk' }), ...header }, pem: privateKey.export({ type: 'pkcs1', format: 'pem' }) as string },
    public: { jwk: { ...publicKey.export({ format: 'jwk' }), ...header }, pem: publicKey.export({ type: 'pkcs1', format: 'pem' }) as string },
  };
}

export function cognitoSigningKey(dir: string): CognitoSigningKey {
  const file = path.join(dir, COGNITO_KEY_FILE);
  const read = () => JSON.parse(fs.readFileSync(file, 'utf8')) as CognitoSigningKey;
  if (fs.existsSync(file)) return read();
  const key = generate();
  fs.mkdirSync(dir, { recursive: true });
  // wx: two processes starting on one new directory agree on the first one's key
  try {
    fs.writeFileSync(file, JSON.stringify(key), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return read();
    throw error;
  }
  return key;
}
