/**
 * The SES v2 stand-in as the stack runs it: the real SDK against our front, the real aws-ses-v2-local
 * behind it, and the real local queue of the notifications-email-events row in front of a recording
 * handler. A send lands in the store and puts SES's events (EventBridge's envelope, SES's record) on the
 * queue before the SDK call returns; the mailbox simulator's addresses and `/local/mail/bounce` publish
 * bounces and complaints; what SES refuses is refused with SES's error shape and never stored.
 */
import './quiet-node-version-warning.js';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SendEmailCommand, SESv2Client, type SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobById } from '../../lambdas/jobs.js';
import { listeningSockets, socketInodes } from './listening-sockets.js';
import { createLocalQueue, QUEUES_PREFIX, type LocalQueue } from './local-queue.js';
import { freePort, stopAll } from './processes.js';
import { requestUrl } from './request-url.js';
import { EMAIL_EVENTS_QUEUE, MAX_RECIPIENTS, startSesLocal, type SesLocal } from './ses-local.js';

const REGION = 'us-east-1';
const SET = 'portal-local';
const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

interface Envelope {
  'detail-type': string;
  detail: { eventType: string; mail: { messageId: string } } & Record<string, unknown>;
}

let dataDir: string;
let queue: LocalQueue;
let queueServer: http.Server;
let ses: SesLocal;
let client: SESv2Client;
const received: Envelope[] = [];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-ses-'));
  // the real row (batch size, concurrency), its handler replaced by a recorder
  queue = createLocalQueue({
    jobs: [jobById(EMAIL_EVENTS_QUEUE)!],
    loadHandler: async () => async (event) => {
      for (const record of event.Records as Array<{ body: string }>) received.push(JSON.parse(record.body));
    },
  });
  queueServer = http.createServer(async (req, res) => {
    const url = requestUrl(req);
    if (!url || !(await queue.mount(req, res, url))) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => queueServer.listen(0, '127.0.0.1', resolve));
  const queueUrl = `http://127.0.0.1:${(queueServer.address() as AddressInfo).port}${QUEUES_PREFIX}`;
  ses = await startSesLocal({ port: await freePort(), logDir: path.join(dataDir, 'logs'), queueUrl, configurationSet: SET, region: REGION });
  client = new SESv2Client({ endpoint: ses.url, region: REGION, credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });
}, 60_000);

afterAll(async () => {
  client?.destroy();
  await stopAll(ses ? [ses.child] : []);
  await queue?.stop();
  queueServer?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const email = (over: Partial<SendEmailCommandInput> = {}): SendEmailCommandInput => ({
  FromEmailAddress: 'Portal <noreply@portal.local>',
  Destination: { ToAddresses: ['ann@example.edu'] },
  ConfigurationSetName: SET,
  EmailTags: [{ Name: 'notice', Value: 'n-1' }],
  Content: { Simple: { Subject: { Data: 'Payment received' }, Body: { Text: { Data: 'See your receipt' }, Html: { Data: '<p>See your receipt</p>' } } } },
  ...over,
});
const sendEmail = async (over: Partial<SendEmailCommandInput> = {}) => (await client.send(new SendEmailCommand(email(over)))).MessageId!;

const ORDER = ['Send', 'Delivery', 'Bounce', 'Complaint'];
/** The message's events once the queue has delivered everything, in SES's order (the queue runs two at a time). */
async function eventsOf(messageId: string): Promise<Envelope[]> {
  await queue.idle(EMAIL_EVENTS_QUEUE);
  return received.filter((e) => e.detail.mail.messageId === messageId).sort((a, b) => ORDER.indexOf(a.detail.eventType) - ORDER.indexOf(b.detail.eventType));
}
const typesOf = async (messageId: string) => (await eventsOf(messageId)).map((e) => [e['detail-type'], e.detail.eventType]);

async function store(
  query = '',
): Promise<Array<{ messageId: string; from: string; subject: string; destination: { to: string[] }; body: { text?: string; html?: string }; at: number }>> {
  const res = await fetch(`${ses.url}/local/mail/store${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { emails: never[] }).emails;
}

const feedback = (body: unknown) =>
  fetch(`${ses.url}/local/mail/bounce`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) }).then(
    async (res) => ({ status: res.status, body: await res.json() }),
  );

describe('SES v2 locally: aws-ses-v2-local behind our front', () => {
  it('stores a send and queues its Send and Delivery events, as EventBridge carries them, before the SDK call returns', async () => {
    const before = queue.stats(EMAIL_EVENTS_QUEUE);
    const messageId = await sendEmail({
      EmailTags: [
        { Name: 'notice', Value: 'n-1' },
        { Name: 'kind', Value: 'payment_succeeded' },
      ],
    });
    const after = queue.stats(EMAIL_EVENTS_QUEUE);
    expect(after.queued + after.inFlight + after.delivered - (before.queued + before.inFlight + before.delivered)).toBe(2);

    const stored = (await store()).find((m) => m.messageId === messageId);
    expect(stored).toMatchObject({
      from: 'Portal <noreply@portal.local>',
      subject: 'Payment received',
      destination: { to: ['ann@example.edu'] },
      body: { text: 'See your receipt', html: '<p>See your receipt</p>' },
    });
    // `since` (epoch seconds) is passed through
    expect((await store(`?since=${stored!.at}`)).map((m) => m.messageId)).toContain(messageId);
    expect(await store(`?since=${stored!.at + 3600}`)).toEqual([]);

    const [sent, delivered, ...more] = await eventsOf(messageId);
    expect(more).toEqual([]);
    const mail = {
      timestamp: expect.stringMatching(ISO_MS),
      source: 'noreply@portal.local',
      sourceArn: `arn:aws:ses:${REGION}:000000000000:identity/portal.local`,
      sendingAccountId: '000000000000',
      messageId,
      destination: ['ann@example.edu'],
      commonHeaders: { from: ['Portal <noreply@portal.local>'], to: ['ann@example.edu'], messageId, subject: 'Payment received' },
      tags: {
        notice: ['n-1'],
        kind: ['payment_succeeded'],
        'ses:operation': ['SendEmail'],
        'ses:configuration-set': [SET],
        'ses:from-domain': ['portal.local'],
      },
    };
    expect(sent).toEqual({
      version: '0',
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      'detail-type': 'Email Sent',
      source: 'aws.ses',
      account: '000000000000',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      region: REGION,
      resources: [`arn:aws:ses:${REGION}:000000000000:configuration-set/${SET}`],
      detail: { eventType: 'Send', mail, send: {} },
    });
    expect(delivered).toMatchObject({ 'detail-type': 'Email Delivered', source: 'aws.ses', resources: [`arn:aws:ses:${REGION}:000000000000:configuration-set/${SET}`] });
    expect(delivered.detail).toEqual({
      eventType: 'Delivery',
      mail,
      delivery: { timestamp: expect.stringMatching(ISO_MS), recipients: ['ann@example.edu'], processingTimeMillis: expect.any(Number), smtpResponse: '250 2.6.0 Message received' },
    });
  });

  it.each([
    [
      'bounce@simulator.amazonses.com',
      [
        ['Email Sent', 'Send'],
        ['Email Bounced', 'Bounce'],
      ],
      'General',
    ],
    [
      'bounce+label@simulator.amazonses.com',
      [
        ['Email Sent', 'Send'],
        ['Email Bounced', 'Bounce'],
      ],
      'General',
    ],
    [
      'suppressionlist@simulator.amazonses.com',
      [
        ['Email Sent', 'Send'],
        ['Email Bounced', 'Bounce'],
      ],
      'OnAccountSuppressionList',
    ],
    [
      'complaint@simulator.amazonses.com',
      [
        ['Email Sent', 'Send'],
        ['Email Delivered', 'Delivery'],
        ['Email Complaint Received', 'Complaint'],
      ],
      null,
    ],
    [
      'success@simulator.amazonses.com',
      [
        ['Email Sent', 'Send'],
        ['Email Delivered', 'Delivery'],
      ],
      null,
    ],
  ])('the mailbox simulator: %s gives %j', async (address, types, bounceSubType) => {
    const messageId = await sendEmail({ Destination: { ToAddresses: [address] } });
    expect(await typesOf(messageId)).toEqual(types);
    const events = await eventsOf(messageId);
    const bounced = events.find((e) => e.detail.eventType === 'Bounce');
    if (bounceSubType) {
      expect(bounced?.detail.bounce).toEqual({
        bounceType: 'Permanent',
        bounceSubType,
        bouncedRecipients: [{ emailAddress: address, action: 'failed', status: '5.1.1', diagnosticCode: expect.any(String) }],
        timestamp: expect.stringMatching(ISO_MS),
        feedbackId: expect.any(String),
      });
    } else expect(bounced).toBeUndefined();
    const complained = events.find((e) => e.detail.eventType === 'Complaint');
    if (address.startsWith('complaint@')) {
      expect(complained?.detail.complaint).toEqual({
        complainedRecipients: [{ emailAddress: address }],
        timestamp: expect.stringMatching(ISO_MS),
        feedbackId: expect.any(String),
        complaintFeedbackType: 'abuse',
      });
    } else expect(complained).toBeUndefined();
  });

  it('publishes no event for a send without a configuration set, as SES (events go only to a configuration set), and still stores it', async () => {
    const messageId = await sendEmail({ ConfigurationSetName: undefined, Destination: { ToAddresses: ['no-set@example.edu'] } });
    expect((await store()).map((m) => m.messageId)).toContain(messageId);
    expect(await eventsOf(messageId)).toEqual([]);
    expect(await feedback({ address: 'no-set@example.edu', kind: 'bounce' })).toEqual({
      status: 409,
      body: { error: `Message ${messageId} was sent without a configuration set: SES publishes no events for it` },
    });
  });

  it('POST /local/mail/bounce bounces or complains about the latest message to a real address', async () => {
    await sendEmail({ Destination: { ToAddresses: ['carl@example.edu'] } });
    const latest = await sendEmail({ Destination: { ToAddresses: ['carl@example.edu'] } });
    expect(await feedback({ address: 'Carl@Example.edu', kind: 'bounce' })).toEqual({ status: 200, body: { messageId: latest, eventType: 'Bounce' } });
    expect(await feedback({ address: 'carl@example.edu', kind: 'complaint' })).toEqual({ status: 200, body: { messageId: latest, eventType: 'Complaint' } });
    expect(await typesOf(latest)).toEqual([
      ['Email Sent', 'Send'],
      ['Email Delivered', 'Delivery'],
      ['Email Bounced', 'Bounce'],
      ['Email Complaint Received', 'Complaint'],
    ]);
    const events = await eventsOf(latest);
    expect(events[2].detail.bounce).toMatchObject({
      bounceType: 'Permanent',
      bounceSubType: 'General',
      bouncedRecipients: [{ emailAddress: 'carl@example.edu', action: 'failed' }],
    });
    expect(events[3].detail.complaint).toMatchObject({ complainedRecipients: [{ emailAddress: 'carl@example.edu' }], complaintFeedbackType: 'abuse' });
  });

  it('refuses /local/mail/bounce input naming the field, and an address nothing was sent to', async () => {
    expect(await feedback({ address: 'nobody@example.edu', kind: 'bounce' })).toEqual({
      status: 404,
      body: { error: 'No message was sent to nobody@example.edu since the stack started' },
    });
    expect(await feedback({ kind: 'bounce' })).toEqual({ status: 400, body: { error: 'address: expected an email address such as student@example.com' } });
    expect(await feedback({ address: 'carl', kind: 'bounce' })).toEqual({ status: 400, body: { error: 'address: expected an email address such as student@example.com' } });
    expect(await feedback({ address: 'carl@example.edu', kind: 'soft' })).toEqual({ status: 400, body: { error: 'kind: expected "bounce" or "complaint"' } });
    expect(await feedback('[1]')).toEqual({ status: 400, body: { error: 'body: expected a JSON object such as {"address": "student@example.com", "kind": "bounce"}' } });
    const get = await fetch(`${ses.url}/local/mail/bounce`);
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
    expect((await fetch(`${ses.url}/local/mail/nothing`)).status).toBe(404);
  });

  const many = (n: number) => Array.from({ length: n }, (_, i) => `r${i}@example.edu`);
  it.each<[string, Partial<SendEmailCommandInput>, string, string]>([
    ['no sender', { FromEmailAddress: undefined }, 'BadRequestException', 'Missing required field FromEmailAddress'],
    ['no recipient', { Destination: undefined }, 'BadRequestException', 'The message must include at least one recipient (Destination.ToAddresses, CcAddresses or BccAddresses)'],
    ['51 recipients across To and Bcc', { Destination: { ToAddresses: many(30), BccAddresses: many(21) } }, 'BadRequestException', 'Recipient count exceeds 50.'],
    ['an empty address', { Destination: { ToAddresses: [''] } }, 'BadRequestException', 'Invalid email address .'],
    ['a malformed address', { Destination: { ToAddresses: ['ann.example.edu'] } }, 'BadRequestException', 'Illegal address'],
    [
      'a tag value with a space',
      { EmailTags: [{ Name: 'notice', Value: 'n 1' }] },
      'BadRequestException',
      'Invalid message tag: names and values may contain only letters, digits, _ - . and @',
    ],
    ['another configuration set', { ConfigurationSetName: 'other' }, 'NotFoundException', 'Configuration set <other> does not exist.'],
  ])('refuses %s as SES does, and stores nothing', async (_name, over, name, message) => {
    const before = (await store()).length;
    const refused = await client.send(new SendEmailCommand(email(over))).catch((error: Error & { $metadata: { httpStatusCode: number } }) => error);
    expect(refused).toBeInstanceOf(Error);
    expect({ name: (refused as Error).name, message: (refused as Error).message }).toEqual({ name, message });
    expect((await store()).length).toBe(before);
  });

  it('takes exactly 50 recipients, with a Delivery for each', async () => {
    const messageId = await sendEmail({ Destination: { ToAddresses: many(25), CcAddresses: many(50).slice(25) } });
    const events = await eventsOf(messageId);
    expect(events.filter((e) => e.detail.eventType === 'Delivery').flatMap((e) => (e.detail.delivery as { recipients: string[] }).recipients)).toEqual(many(MAX_RECIPIENTS));
  });

  it('answers refusals in SES\'s wire shape: x-amzn-ErrorType and {"message"}', async () => {
    const res = await fetch(`${ses.url}/v2/email/outbound-emails`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(email({ FromEmailAddress: undefined })),
    });
    expect([res.status, res.headers.get('x-amzn-errortype'), await res.json()]).toEqual([400, 'BadRequestException', { message: 'Missing required field FromEmailAddress' }]);
  });

  it("serves aws-ses-v2-local's viewer reading /local/mail/, with email bodies in a sandboxed frame", async () => {
    const res = await fetch(`${ses.url}/local/mail/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toContain("connect-src 'self'");
    const page = await res.text();
    expect(page).toContain('fetch(`/local/mail/store?since=');
    expect(page).toContain("fetch('/local/mail/clear-store'");
    expect(page).toContain('fetch(`/local/mail/get-emlContent');
    expect(page).toContain("iframe.setAttribute('sandbox', ''); iframe.srcdoc = e.body.html;");
    // nothing of the page still reads the root, and no body is written into a frame of the page's origin
    expect(page).not.toMatch(/fetch\([`']\/(?!local\/mail\/)/);
    expect(page).not.toContain('body.innerHTML = e.body.html');
  });

  it('listens on loopback only: the front in this process, aws-ses-v2-local in its own', () => {
    const port = Number(new URL(ses.url).port);
    expect(
      listeningSockets()
        .filter((s) => s.port === port)
        .map((s) => s.address),
    ).toEqual(['127.0.0.1']);
    const inner = listeningSockets().filter((s) => socketInodes(ses.child.process.pid!).has(s.inode));
    expect(inner.length).toBeGreaterThan(0);
    expect(inner.map((s) => s.address)).toEqual(inner.map(() => '127.0.0.1'));
  });
});
