/**
 * Uploads are atomic from the client's view. A 4xx or 5xx means nothing was stored (no
 * record, no object, no adopted upload); a 201 means the file and the record both were. A fault at
 * each step: S3's put failing or its answer lost, extraction failing or out of time, the DynamoDB
 * transaction failing or its answer lost, DynamoDB or S3 so slow that the function's time runs out
 * (invoked as the local gateway invokes it, lib/local/invoke.ts, which enforces the timeout). After
 * each, the bucket is listed and the table queried.
 *
 * The handlers talk to the stand-ins through a delaying proxy and a fault proxy (support/fault-proxy.ts),
 * so the SDK sees real protocol answers; this file points the SDK at them before importing the handlers.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dynamoOperation, s3InternalError, startFaultProxy, type FaultProxy, type Rule } from './support/fault-proxy.js';

/** Holds requests that `delayOf` names for that long; drops them if the client gave up meanwhile (they never reached the service). */
async function startDelayProxy(target: string) {
  const upstream = new URL(target);
  let delayOf: (req: http.IncomingMessage) => number = () => 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const forward = () => {
        if (res.destroyed || req.socket.destroyed) return;
        const out = http.request(
          { hostname: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        out.on('error', () => res.destroy());
        out.end(Buffer.concat(chunks));
      };
      const ms = delayOf(req);
      if (ms > 0) setTimeout(forward, ms);
      else forward();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setDelay: (fn: typeof delayOf) => {
      delayOf = fn;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let dynamo: FaultProxy;
let s3: FaultProxy;
let slowDynamo: Awaited<ReturnType<typeof startDelayProxy>>;
let slowS3: Awaited<ReturnType<typeof startDelayProxy>>;
let m: Awaited<ReturnType<typeof load>>;

async function load() {
  const [upload, uploadUrl, documents, events, local, store] = await Promise.all([
    import('../../lambdas/functions/documents/upload.js'),
    import('../../lambdas/functions/documents/upload-url.js'),
    import('./support/documents.js'),
    import('./support/events.js'),
    import('../../lib/local/invoke.js'),
    import('../../lambdas/store/document.js'),
  ]);
  return { upload, uploadUrl, documents, events, local, store };
}

beforeAll(async () => {
  dynamo = await startFaultProxy(process.env.AWS_ENDPOINT_URL_DYNAMODB!);
  s3 = await startFaultProxy(process.env.AWS_ENDPOINT_URL_S3!);
  slowDynamo = await startDelayProxy(dynamo.url);
  slowS3 = await startDelayProxy(s3.url);
  process.env.AWS_ENDPOINT_URL_DYNAMODB = slowDynamo.url;
  process.env.AWS_ENDPOINT_URL_S3 = slowS3.url;
  process.env.POWERTOOLS_LOG_LEVEL = 'CRITICAL'; // the failures below are logged by design
  m = await load();
});
afterEach(() => {
  dynamo.setRule(null);
  s3.setRule(null);
  slowDynamo.setDelay(() => 0);
  slowS3.setDelay(() => 0);
});
afterAll(async () => {
  for (const proxy of [slowDynamo, slowS3, dynamo, s3]) await proxy.close();
});

const unique = (stem: string) => `${stem}-${randomUUID().slice(0, 8)}`;
const isPut = (method: string, path: string, stem: string) => method === 'PUT' && path.includes(stem);

async function storedFor(title: string, stem: string) {
  const records = await m.documents.documentsTitled(title);
  const objects = [...(await m.documents.keysContaining('documents/', stem)), ...(await m.documents.keysContaining('uploads/', stem))];
  return { records, objects };
}

async function expectNothingStored(title: string, stem: string) {
  expect(await storedFor(title, stem)).toEqual({ records: [], objects: [] });
}

/** A form upload as the local gateway runs it: the route's function timeout enforced (here `seconds`). */
async function uploadThroughGateway(title: string, file: { name: string; bytes: Uint8Array }, seconds = 20) {
  const event = await m.documents.multipartEvent(m.documents.staff, { title, scope: 'general' }, file);
  const outcome = await m.local.invoke(m.upload.handler as never, event, { functionName: 'documents-upload', timeoutSeconds: seconds, log: () => {} });
  if (outcome.kind === 'gateway') return { status: outcome.answer.status, body: JSON.parse(outcome.answer.body) };
  return { status: outcome.result.statusCode!, body: JSON.parse(outcome.result.body!) };
}

const txt = (stem: string, content = 'Week one: vital signs.') => ({ name: `${stem}.txt`, bytes: Buffer.from(content) });

/** An upload while `proxy` answers by `rule`: refused (`refused` checks the status), and once the fault is lifted nothing of it is stored. */
async function refusedLeavingNothing([titleStem, fileStem]: [string, string], proxy: FaultProxy, rule: (stem: string) => Rule, refused: (status: number) => void) {
  const [title, stem] = [unique(titleStem), unique(fileStem)];
  proxy.setRule(rule(stem));
  refused((await uploadThroughGateway(title, txt(stem))).status);
  proxy.setRule(null);
  await expectNothingStored(title, stem);
}

/** Long enough after the gateway answered for the handler, which runs on, to have finished. */
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("uploads are atomic from the client's view", () => {
  it('S3 failing the put: 503, nothing stored', () =>
    refusedLeavingNothing(
      ['S3 down', 's3down'],
      s3,
      (stem) => (r) => (isPut(r.method, r.path, stem) ? s3InternalError() : null),
      (status) => expect(status).toBe(503),
    ));

  it('S3 storing the object but its answer lost: 5xx, and the object that landed is deleted', () =>
    refusedLeavingNothing(
      ['S3 lost', 's3lost'],
      s3,
      (stem) => (r) => (isPut(r.method, r.path, stem) ? { kind: 'lose-answer' } : null),
      (status) => expect(status).toBeGreaterThanOrEqual(500),
    ));

  it('the DynamoDB transaction failing: 503, the stored object deleted', () =>
    refusedLeavingNothing(
      ['Dynamo down', 'ddbdown'],
      dynamo,
      () => (r) =>
        dynamoOperation(r) === 'TransactWriteItems'
          ? { kind: 'answer', status: 500, body: JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: 'injected' }) }
          : null,
      (status) => expect(status).toBe(503),
    ));

  it('the transaction committed but its answer lost: read back, 201, both stored', async () => {
    const [title, stem] = [unique('Dynamo lost'), unique('ddblost')];
    let lost = 0;
    dynamo.setRule((r) => (dynamoOperation(r) === 'TransactWriteItems' && lost++ < 10 ? { kind: 'lose-answer' } : null));
    const res = await uploadThroughGateway(title, txt(stem));
    dynamo.setRule(null);
    expect(res.status).toBe(201);
    const { records, objects } = await storedFor(title, stem);
    expect(records.map((r) => r.id)).toEqual([res.body.id]);
    expect(objects).toEqual([res.body.s3_key]);
  });

  it('extraction failing (an unreadable docx) or out of time: 201 without text, "not_extracted" with the reason', async () => {
    const broken = unique('broken');
    // a zip whose document part is not deflate data: the checks pass, reading the text fails
    const zip = Buffer.from(zipSync({ 'word/document.xml': strToU8('<w:t>x</w:t>'.repeat(100)) }));
    zip[zip.indexOf('word/document.xml') + 17] = 0x07; // the first deflate block: final, of the invalid type 3
    const bad = await uploadThroughGateway(unique('Broken docx'), { name: `${broken}.docx`, bytes: zip });
    expect(bad.status).toBe(201);
    expect(bad.body).toMatchObject({ extracted_text: null, preview_text: null, text_status: 'not_extracted', text_status_reason: 'the file could not be read' });

    // 7.05 s of function time leaves 0.05 s for extraction (3 s each is kept for the file and the record, 1 s of
    // slack): far less than inflating and scanning 20 MB of markup takes on any machine
    const slow = unique('slow');
    const xml = `<w:document><w:body>${'<w:p><w:pPr><w:spacing w:after="0"/></w:pPr></w:p>'.repeat(400_000)}<w:p><w:r><w:t>late</w:t></w:r></w:p></w:body></w:document>`;
    const res = await uploadThroughGateway(unique('Slow docx'), { name: `${slow}.docx`, bytes: zipSync({ 'word/document.xml': strToU8(xml) }) }, 7.05);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      extracted_text: null,
      text_status: 'not_extracted',
      text_status_reason: expect.stringMatching(/^extraction took longer than its 0\.\d+ s budget$/),
    });
    expect(await m.documents.objectExists(res.body.s3_key)).toBe(true);
  });

  it("S3 so slow the function's time runs out: 5xx, and the object that lands late is deleted", async () => {
    const [title, stem] = [unique('S3 slow'), unique('s3slow')];
    slowS3.setDelay((r) => (r.method === 'PUT' && r.url!.includes(stem) ? 8_000 : 0));
    const res = await uploadThroughGateway(title, txt(stem), 7);
    // the S3 client's own timeout (503) or the gateway's answer to a Lambda timeout (500), whichever comes first
    expect(res.status).toBeGreaterThanOrEqual(500);
    await settle(4_000); // the put lands at 8 s; the handler, which runs on, deletes it
    expect(s3.seen.some((r) => r.method === 'PUT' && r.path.includes(stem))).toBe(true);
    await expectNothingStored(title, stem);
  }, 30_000);

  it("DynamoDB so slow the function's time runs out: the write is cut off before the timeout, 503, the object deleted", async () => {
    const [title, stem] = [unique('Dynamo slow'), unique('ddbslow')];
    slowDynamo.setDelay((r) => (r.headers['x-amz-target'] === 'DynamoDB_20120810.TransactWriteItems' ? 30_000 : 0));
    const started = Date.now();
    const res = await uploadThroughGateway(title, txt(stem), 8);
    expect(res.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(8_000); // answered by the handler itself, before the gateway's timeout
    slowDynamo.setDelay(() => 0);
    await expectNothingStored(title, stem);
  }, 30_000);

  it('too little time left to store anything: 503 before any write', async () => {
    const [title, stem] = [unique('No time'), unique('notime')];
    const res = await uploadThroughGateway(title, txt(stem), 5);
    expect(res.status).toBe(503);
    await expectNothingStored(title, stem);
  });

  it('a presigned upload whose record cannot be written: the adopted copy and the upload are both deleted', async () => {
    const stem = unique('adopt');
    const { body: target } = await m.events.invoke(
      m.uploadUrl.handler,
      m.events.apiEvent('documents-upload-url', { caller: m.documents.staff, body: { file_name: `${stem}.txt`, file_size: 5 } }),
    );
    await m.documents.putObject(target.upload_key, Buffer.from('hello'));
    dynamo.setRule((r) =>
      dynamoOperation(r) === 'TransactWriteItems'
        ? { kind: 'answer', status: 500, body: JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: 'injected' }) }
        : null,
    );
    const title = unique('Adopt fails');
    const res = await m.events.invoke(
      m.upload.handler,
      m.events.apiEvent('documents-upload', { caller: m.documents.staff, body: { title, scope: 'general', upload_key: target.upload_key } }),
    );
    expect(res.status).toBe(503);
    dynamo.setRule(null);
    await expectNothingStored(title, stem);
  });
});
