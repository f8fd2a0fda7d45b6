/**
 * The figures: extraction time of the three hostile files of the probe and of 25 MB of each
 * extracted type (bench/extraction.ts makes them), each logged on one line and held to 5 s (the goal
 * is under 2 s); the time cap; and the response time of an unrelated read while each file is uploaded
 * through the real local gateway (lib/local/gateway.ts, every handler in this one process, as locally
 * in `npm start`), held to 1 s: extraction hands the event loop back between slices.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adversarialFiles, largeFiles, timeExtraction, type SampleFile } from '../../bench/extraction.js';
import { extractDocumentText } from '../../lambdas/domain/text-extraction.js';
import { newUploadKey } from '../../lambdas/store/document-files.js';
import { startSignedGateway, type SignedGateway } from '../../lib/local/testing/signed-gateway.js';
import { keysContaining, putObject } from './support/documents.js';

const BUDGET_MS = 5_000;
const READ_BUDGET_MS = 1_000;
const CLIENT_ID = 'extraction-budget';

describe('extraction time', () => {
  it.each([...adversarialFiles(), ...largeFiles()].map((f) => [f.name, f] as const))(
    '%s: within the budget',
    async (_name, file) => {
      const t = await timeExtraction(file);
      console.log(`[extraction] ${t.name}: ${t.ms} ms (${t.status}, ${t.chars} chars kept, ${(t.bytes / 1024 / 1024).toFixed(2)} MB)`);
      expect(t.ms).toBeLessThan(BUDGET_MS);
      expect(t.status).not.toBe('not_extracted');
    },
    30_000,
  );

  it('the time cap holds: a 25 MB file given 50 ms stops near it, without text', async () => {
    const file = largeFiles().find((f) => f.type === 'pdf' && f.name.includes('no text'))!;
    const started = performance.now();
    const result = await extractDocumentText(file.type, file.bytes, { timeMs: 50 });
    const ms = performance.now() - started;
    console.log(`[extraction] time cap 50 ms on ${file.name}: stopped after ${Math.round(ms)} ms (${result.status})`);
    expect(result).toMatchObject({ status: 'not_extracted', text: null });
    expect(ms).toBeLessThan(500);
  }, 30_000);
});

describe('an unrelated read while a hostile or large file is uploaded through the local gateway', () => {
  const staff = 'budget-staff';
  let gateway: SignedGateway;
  let base: string;

  beforeAll(async () => {
    gateway = await startSignedGateway({ clientId: CLIENT_ID });
    base = gateway.base;
  });

  afterAll(() => gateway.stop());

  const token = () => gateway.sign(staff, { 'cognito:groups': ['staff'] });

  /** Uploads the file (a form for small files; a presigned upload adopted by JSON for large ones), reading GET /api/document-categories/ meanwhile. */
  async function uploadWhileReading(file: SampleFile) {
    const auth = { authorization: `Bearer ${await token()}` };
    const stem = `budget-${randomUUID().slice(0, 8)}`;
    const fileName = `${stem}.${file.type}`;
    let request: Promise<Response>;
    if (file.bytes.length < 4 * 1024 * 1024) {
      const form = new FormData();
      form.append('title', stem);
      form.append('scope', 'general');
      form.append('file', new Blob([new Uint8Array(file.bytes)]), fileName);
      request = fetch(`${base}/api/documents/`, { method: 'POST', headers: auth, body: form });
    } else {
      const uploadKey = newUploadKey(staff, fileName);
      await putObject(uploadKey, file.bytes);
      request = fetch(`${base}/api/documents/`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ title: stem, scope: 'general', upload_key: uploadKey }),
      });
    }
    const started = performance.now();
    let done = false;
    const upload = request
      .then(async (res) => ({ status: res.status, body: await res.json(), ms: performance.now() - started }))
      .finally(() => {
        done = true;
      });
    const reads: number[] = [];
    while (!done) {
      const t = performance.now();
      const res = await fetch(`${base}/api/document-categories/`, { headers: auth });
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      reads.push(performance.now() - t);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return { ...(await upload), reads, stem };
  }

  const worst = (files: SampleFile[]) => files.filter((f) => !f.name.includes('(text') && !f.name.includes('(rows'));

  it.each([...adversarialFiles(), ...worst(largeFiles())].map((f) => [f.name, f] as const))(
    '%s: the read answers within 1 s, the upload succeeds',
    async (_name, file) => {
      const res = await uploadWhileReading(file);
      const slowest = Math.round(Math.max(...res.reads));
      console.log(
        `[extraction] upload of ${file.name} through the gateway: ${Math.round(res.ms)} ms (${res.status}, text ${res.body.text_status}); concurrent reads: ${res.reads.length}, slowest ${slowest} ms`,
      );
      expect(res.status).toBe(201);
      expect(res.reads.length).toBeGreaterThan(0);
      expect(slowest).toBeLessThan(READ_BUDGET_MS);
      expect(await keysContaining('documents/', res.stem)).toEqual([res.body.s3_key]);
    },
    60_000,
  );
});
