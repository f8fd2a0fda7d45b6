/**
 * The local stack's AWS key pair, made at random the first time a data directory is used and kept
 * there (`aws-credentials.json`, readable by its owner only), as stripe-keys.ts does for Stripe.
 * s3rver's published pair (S3RVER/S3RVER) would let anyone who can reach the stack sign S3 requests:
 * s3rver registers this pair instead (s3rver-main.mjs) and the S3 proxy verifies signatures made with
 * it (s3-signature.ts). DynamoDB Local and cognito-local accept any pair; they get the same one, so
 * handlers see one set of AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY as in a Lambda. `npm run reset`
 * makes new ones.
 */
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface LocalCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

const FILE = 'aws-credentials.json';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const SECRET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const pick = (alphabet: string, length: number) => Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');

const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as LocalCredentials;

export function localCredentials(dataDir: string): LocalCredentials {
  const file = path.join(dataDir, FILE);
  if (fs.existsSync(file)) return read(file);
  // shaped like an IAM user's long-term key (AKIA + 16, and a 40-character secret), as SDKs and tools expect
  const credentials: LocalCredentials = { accessKeyId: `AKIA${pick(UPPER, 16)}`, secretAccessKey: pick(SECRET, 40) };
  fs.mkdirSync(dataDir, { recursive: true });
  // wx: two processes starting on one new directory agree on the first one's pair
  try {
    fs.writeFileSync(file, JSON.stringify(credentials), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return read(file);
    throw error;
  }
  return credentials;
}
