import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localCredentials } from './local-credentials.js';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'aws-credentials-'));

describe('localCredentials', () => {
  it('makes a pair once per data directory, keeps it, and never the published one', () => {
    const dir = tempDir();
    const first = localCredentials(dir);
    expect(first.accessKeyId).toMatch(/^AKIA[A-Z0-9]{16}$/);
    expect(first.secretAccessKey).toMatch(/^[A-Za-z0-9+/]{40}$/);
    expect(Object.values(first)).not.toContain('S3RVER');
    expect(localCredentials(dir)).toEqual(first);
    expect(fs.statSync(path.join(dir, 'aws-credentials.json')).mode & 0o777).toBe(0o600);
    expect(localCredentials(tempDir()).accessKeyId).not.toBe(first.accessKeyId);
  });
});
