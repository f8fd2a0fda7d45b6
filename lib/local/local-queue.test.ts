import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { QUEUE_MAX_RECEIVE_COUNT, type JobDef } from '../../lambdas/jobs.js';
import type { JobEvent } from '../../lambdas/schedule/job.js';
import { FIXTURE_HANDLER } from '../../test/support/fixture-handler.js';
import { createLocalQueue, type LocalQueue } from './local-queue.js';

const row = (over: Partial<JobDef> & { trigger?: JobDef['trigger'] } = {}): JobDef => ({
  id: 'test-chunks',
  description: 'test',
  handler: FIXTURE_HANDLER,
  trigger: { queue: 'test-chunks', batchSize: 1 },
  grants: [],
  timeoutSeconds: 60,
  ...over,
});
type Record = { body: string; attributes: { ApproximateReceiveCount: string }; eventSource: string };

let queue: LocalQueue | undefined;
afterEach(async () => {
  await queue?.stop();
});

function queueWith(job: JobDef, handler: (event: JobEvent) => Promise<unknown>, opts: { timeoutMs?: number } = {}) {
  queue = createLocalQueue({ jobs: [job], loadHandler: async () => handler, retryDelayMs: () => 5, ...(opts.timeoutMs ? { timeoutMs: () => opts.timeoutMs! } : {}) });
  return queue;
}

describe('local queue (the SQS queue and event source of a queue row)', () => {
  it('delivers each message soon after, in order, as an SQS event of batchSize records, one invocation at a time', async () => {
    const seen: string[][] = [];
    let running = 0;
    let most = 0;
    const q = queueWith(row({ trigger: { queue: 'test-chunks', batchSize: 2 } }), async (event) => {
      running++;
      most = Math.max(most, running);
      const records = event.Records as Record[];
      expect(records.every((r) => r.eventSource === 'aws:sqs' && r.attributes.ApproximateReceiveCount === '1')).toBe(true);
      seen.push(records.map((r) => r.body));
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
    });
    expect(q.send('test-chunks', ['a', 'b', 'c', 'd', 'e'])).toHaveLength(5);
    expect(seen).toEqual([]); // not inside the send
    await q.idle();
    expect(seen).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    expect(most).toBe(1);
    expect(q.stats('test-chunks')).toMatchObject({ queued: 0, inFlight: 0, delivered: 5, deadLetters: [] });
  });

  it("runs up to the row's maxConcurrency invocations at once", async () => {
    let running = 0;
    let most = 0;
    const q = queueWith(row({ trigger: { queue: 'test-chunks', batchSize: 1, maxConcurrency: 2 } }), async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 10));
      running--;
    });
    q.send('test-chunks', ['1', '2', '3', '4']);
    await q.idle('test-chunks');
    expect(most).toBe(2);
  });

  it(`retries a failed or timed-out message with a growing receive count, and dead-letters it after ${QUEUE_MAX_RECEIVE_COUNT} receives`, async () => {
    const counts: string[] = [];
    const q = queueWith(
      row(),
      async (event) => {
        const [record] = event.Records as Record[];
        counts.push(record!.attributes.ApproximateReceiveCount);
        if (record!.body === 'slow') await new Promise((resolve) => setTimeout(resolve, 200));
        if (record!.body === 'bad') throw new Error('boom');
      },
      { timeoutMs: 50 },
    );
    q.send('test-chunks', ['bad']);
    await q.idle();
    expect(counts).toEqual(['1', '2', '3', '4', '5']);
    expect(q.stats('test-chunks').deadLetters).toEqual([expect.objectContaining({ body: 'bad', receiveCount: QUEUE_MAX_RECEIVE_COUNT, error: 'boom' })]);

    counts.length = 0;
    q.send('test-chunks', ['slow']);
    await q.idle();
    expect(counts).toHaveLength(QUEUE_MAX_RECEIVE_COUNT);
    expect(q.stats('test-chunks').deadLetters.at(-1)).toMatchObject({ body: 'slow', error: 'timed out after 0.05 s' });
  });

  it('takes SendMessageBatch requests at POST /local/queues/{job id}, refusing what SQS refuses, and shows the queue at GET', async () => {
    const bodies: string[] = [];
    const q = queueWith(row(), async (event) => {
      bodies.push(...(event.Records as Record[]).map((r) => r.body));
    });
    const server = http.createServer((req, res) => void q.mount(req, res, new URL(req.url!, 'http://x')).then((done) => done || res.writeHead(418).end()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/local/queues/`;
    const post = (path: string, body: unknown) =>
      fetch(base + path, { method: 'POST', body: JSON.stringify(body) }).then(async (r) => ({ status: r.status, body: await r.json() }));
    try {
      const ok = await post('test-chunks', {
        Entries: [
          { Id: '0', MessageBody: '{"chunk":0}' },
          { Id: '1', MessageBody: '{"chunk":1}' },
        ],
      });
      expect(ok).toMatchObject({
        status: 200,
        body: {
          Successful: [
            { Id: '0', MessageId: expect.any(String) },
            { Id: '1', MessageId: expect.any(String) },
          ],
          Failed: [],
        },
      });
      await q.idle();
      expect(bodies).toEqual(['{"chunk":0}', '{"chunk":1}']);
      const eleven = Array.from({ length: 11 }, (_, i) => ({ Id: String(i), MessageBody: 'x' }));
      expect((await post('test-chunks', { Entries: eleven })).body.error).toMatch(/^TooManyEntriesInBatchRequest/);
      expect((await post('test-chunks', { Entries: [] })).body.error).toMatch(/^EmptyBatchRequest/);
      expect(
        (
          await post('test-chunks', {
            Entries: [
              { Id: 'a', MessageBody: 'x' },
              { Id: 'a', MessageBody: 'y' },
            ],
          })
        ).body.error,
      ).toBe('BatchEntryIdsNotDistinct');
      expect((await post('test-chunks', { Entries: [{ Id: 'a', MessageBody: 'x'.repeat(256 * 1024 + 1) }] })).body.error).toMatch(/^BatchRequestTooLong/);
      expect((await post('no-such-queue', { Entries: [{ Id: 'a', MessageBody: 'x' }] })).status).toBe(404);
      expect(await (await fetch(`${base}test-chunks`)).json()).toEqual({ queued: 0, in_flight: 0, delivered: 2, dead_letters: [] });
      expect((await fetch('http://127.0.0.1:' + (server.address() as AddressInfo).port + '/local/other')).status).toBe(418);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('has a queue for each queue row only', () => {
    const q = createLocalQueue({ jobs: [row(), row({ id: 'nightly', trigger: { schedule: 'cron(0 2 * * ? *)' } })], loadHandler: async () => async () => null });
    queue = q;
    expect(() => q.send('nightly', ['x'])).toThrow(/No queue for nightly; queue rows: test-chunks/);
  });
});
