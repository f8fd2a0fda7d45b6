/**
 * SES v2 locally: aws-ses-v2-local, a real SES v2 HTTP API that keeps every message it is sent (a viewer
 * at `/`, JSON at `GET /store`), as a child process on a loopback port of its own, behind a front of ours
 * on the port the handlers' SDK reaches (AWS_ENDPOINT_URL_SESV2, endpoints.ts). aws-ses-v2-local
 * publishes no events, so the front does what the configuration set's EventBridge destination and the
 * rule to the `notifications-email-events` queue do in the cloud:
 *  - SendEmail goes to aws-ses-v2-local unchanged. When it answers a MessageId and the request named the
 *    configuration set, the front puts the message's events on that job's local queue
 *    (PORTAL_LOCAL_QUEUE_URL, local-queue.ts) before answering: Send, then what SES's mailbox simulator
 *    does (https://docs.aws.amazon.com/ses/latest/dg/send-an-email-from-console.html#send-email-simulator):
 *    bounce@ a Bounce, complaint@ a Delivery and a Complaint, suppressionlist@ a Bounce
 *    (OnAccountSuppressionList); every other address a Delivery.
 *  - `POST /local/mail/bounce {"address", "kind": "bounce" | "complaint"}` publishes a hard bounce or a
 *    complaint for the latest message to that address: how a test bounces a real student's address.
 *  - It refuses, as SES does, what is cheap to check: no sender, no recipient, more than 50 recipients,
 *    a malformed address or tag, a configuration set that does not exist here.
 * The /local/mail/ paths (viewer, store, bounce) answer on the front and are mounted on the gateway.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { QueueJobId } from '../../lambdas/jobs.js';
import { readJsonObject, sendJson } from './http-json.js';
import { nodeModule } from './paths.js';
import { freePort, startChild, stopAll, waitForPort, type Child } from './processes.js';
import { readBody } from './request-body.js';
import { requestUrl } from './request-url.js';

export const MAIL_PREFIX = '/local/mail';
/** The queue row that SES's events reach in the cloud (lambdas/jobs.ts). */
export const EMAIL_EVENTS_QUEUE: QueueJobId = 'notifications-email-events';
/** The account id the local stand-ins report (as local-queue.ts does in its queue ARNs). */
const ACCOUNT = '000000000000';
/** At most 50 recipients across To, Cc and Bcc (https://docs.aws.amazon.com/ses/latest/dg/quotas.html). */
export const MAX_RECIPIENTS = 50;
/** SES v2 takes messages up to 40 MB (same quotas page). */
const MAX_REQUEST_BYTES = 40 * 1024 * 1024;
/** Messages remembered for `/local/mail/bounce`; a local session sends far fewer. */
const REMEMBERED = 10_000;

type Mount = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>;

export interface SesLocalOptions {
  /** The front's port: AWS_ENDPOINT_URL_SESV2. aws-ses-v2-local itself gets a free loopback port. */
  port: number;
  logDir: string;
  /** PORTAL_LOCAL_QUEUE_URL: events are POSTed to `<queueUrl>notifications-email-events`. */
  queueUrl: string;
  /** The one configuration set that exists here (SES_CONFIGURATION_SET). */
  configurationSet: string;
  region: string;
  log?: (message: string) => void;
}

export interface SesLocal {
  child: Child;
  /** The front: AWS_ENDPOINT_URL_SESV2, and `<url>/local/mail/...` for tests. */
  url: string;
  /** `/local/mail/...` for the gateway. */
  mount: Mount;
}

/**
 * SES's event records (https://docs.aws.amazon.com/ses/latest/dg/event-publishing-retrieving-sns-contents.html:
 * the top-level object, mail, send, delivery, bounce and complaint objects), as EventBridge carries them in `detail`.
 */
interface MailObject {
  timestamp: string;
  source: string;
  sourceArn: string;
  sendingAccountId: string;
  messageId: string;
  destination: string[];
  commonHeaders: { from: string[]; to: string[]; messageId: string; subject: string };
  tags: Record<string, string[]>;
}
type EventRecord = { eventType: 'Send' | 'Delivery' | 'Bounce' | 'Complaint'; mail: MailObject } & Record<string, unknown>;

interface Sent {
  mail: MailObject;
  configurationSet: string | null;
}

/** EventBridge's detail-type for each event type (https://docs.aws.amazon.com/eventbridge/latest/ref/events-ref-ses.html). */
const DETAIL_TYPES = { Send: 'Email Sent', Delivery: 'Email Delivered', Bounce: 'Email Bounced', Complaint: 'Email Complaint Received' } as const;

const iso = (ms: number) => new Date(ms).toISOString();
/** `Name <a@b>` or `a@b` -> `a@b` */
const bareAddress = (address: string) => (/<([^<>]*)>\s*$/.exec(address)?.[1] ?? address).trim();
const isAddress = (address: string) => /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(address);
const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();
const feedbackId = () => `${randomUUID()}-000000`;
const strings = (value: unknown): string[] | null => (value === undefined ? [] : Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : null);

/** The mailbox simulator's address for `address` (labels after `+` allowed), or null for any other address. */
function simulated(address: string): string | null {
  const [local, domain] = address.toLowerCase().split('@');
  return domain === 'simulator.amazonses.com' ? local.split('+')[0] : null;
}

function delivery(mail: MailObject, recipient: string): EventRecord {
  const now = Date.now();
  return {
    eventType: 'Delivery',
    mail,
    delivery: { timestamp: iso(now), recipients: [recipient], processingTimeMillis: now - Date.parse(mail.timestamp), smtpResponse: '250 2.6.0 Message received' },
  };
}

function bounce(mail: MailObject, recipient: string, bounceSubType: 'General' | 'OnAccountSuppressionList'): EventRecord {
  const diagnosticCode =
    bounceSubType === 'General' ? 'smtp; 550 5.1.1 user unknown' : 'Amazon SES did not send the message to this address because it is on the suppression list for your account.';
  return {
    eventType: 'Bounce',
    mail,
    bounce: {
      bounceType: 'Permanent',
      bounceSubType,
      bouncedRecipients: [{ emailAddress: recipient, action: 'failed', status: '5.1.1', diagnosticCode }],
      timestamp: iso(Date.now()),
      feedbackId: feedbackId(),
    },
  };
}

function complaint(mail: MailObject, recipient: string): EventRecord {
  return {
    eventType: 'Complaint',
    mail,
    complaint: { complainedRecipients: [{ emailAddress: recipient }], timestamp: iso(Date.now()), feedbackId: feedbackId(), complaintFeedbackType: 'abuse' },
  };
}

/** What SES publishes for one recipient after the Send, as its mailbox simulator does. */
function outcome(mail: MailObject, recipient: string): EventRecord[] {
  switch (simulated(recipient)) {
    case 'bounce':
      return [bounce(mail, recipient, 'General')];
    case 'suppressionlist':
      return [bounce(mail, recipient, 'OnAccountSuppressionList')];
    case 'complaint':
      return [delivery(mail, recipient), complaint(mail, recipient)];
    default:
      return [delivery(mail, recipient)];
  }
}

/**
 * SES's error answer: the type in `x-amzn-ErrorType`, which the SDK reads first, and `{"message"}`
 * (https://docs.aws.amazon.com/ses/latest/APIReference-V2/CommonErrors.html).
 */
function sesError(res: ServerResponse, status: number, type: string, message: string): true {
  res.writeHead(status, { 'content-type': 'application/json', 'x-amzn-errortype': type });
  res.end(JSON.stringify({ message }));
  return true;
}

interface Refusal {
  status: number;
  type: string;
  message: string;
}
const badRequest = (message: string): Refusal => ({ status: 400, type: 'BadRequestException', message });

/** What SES refuses of a SendEmail request that aws-ses-v2-local would take; null when it passes. */
function refusalOf(body: Record<string, unknown>, configurationSet: string): Refusal | null {
  const from = body.FromEmailAddress;
  if (typeof from !== 'string' || from.trim() === '') return badRequest('Missing required field FromEmailAddress');
  const destination = (body.Destination ?? {}) as Record<string, unknown>;
  const lists = [destination.ToAddresses, destination.CcAddresses, destination.BccAddresses].map(strings);
  if (lists.some((list) => list === null)) return badRequest('Destination addresses must be lists of strings');
  const recipients = lists.flatMap((list) => list ?? []);
  if (recipients.length === 0) return badRequest('The message must include at least one recipient (Destination.ToAddresses, CcAddresses or BccAddresses)');
  // SES's own wording (https://github.com/thewca/worldcubeassociation.org/issues/9467)
  if (recipients.length > MAX_RECIPIENTS) return badRequest(`Recipient count exceeds ${MAX_RECIPIENTS}.`);
  // an empty or malformed address refuses the whole message: "Invalid email address ." and "Illegal address"
  // (https://github.com/domdomegg/aws-ses-v2-local/issues/44, https://github.com/awsdocs/aws-doc-sdk-examples/pull/5191)
  if (recipients.some((r) => r.trim() === '')) return badRequest('Invalid email address .');
  if (![from, ...recipients].every((a) => isAddress(bareAddress(a)))) return badRequest('Illegal address');
  // tag names and values: letters, digits, _ - . @ (https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_MessageTag.html)
  const tags = body.EmailTags ?? [];
  const tagOk = (t: { Name?: unknown; Value?: unknown }) =>
    typeof t?.Name === 'string' && /^[\w-]{1,256}$/.test(t.Name) && typeof t.Value === 'string' && /^[\w.@-]{0,256}$/.test(t.Value);
  if (!Array.isArray(tags) || !tags.every(tagOk)) return badRequest('Invalid message tag: names and values may contain only letters, digits, _ - . and @');
  const set = body.ConfigurationSetName;
  if (set !== undefined && set !== configurationSet) return { status: 404, type: 'NotFoundException', message: `Configuration set <${String(set)}> does not exist.` };
  return null;
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length']);

function send(res: ServerResponse, answer: Answer): true {
  const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
  res.writeHead(answer.status, { ...headers, 'content-length': answer.body.length });
  res.end(answer.body);
  return true;
}

/**
 * The viewer of aws-ses-v2-local, reading from /local/mail/ instead of the root. It shows each HTML body
 * in an iframe of its own origin, which here is the portal's: the iframe is sandboxed instead (no script,
 * an origin of its own), so an email's markup can never reach the portal's session.
 */
export function viewerHtml(): string {
  const page = fs.readFileSync(nodeModule('aws-ses-v2-local', 'static', 'index.html'), 'utf8');
  return page
    .replaceAll('fetch(`/store', `fetch(\`${MAIL_PREFIX}/store`)
    .replaceAll("fetch('/clear-store'", `fetch('${MAIL_PREFIX}/clear-store'`)
    .replaceAll('fetch(`/get-emlContent', `fetch(\`${MAIL_PREFIX}/get-emlContent`)
    .replaceAll('href="/store"', `href="${MAIL_PREFIX}/store"`)
    .replaceAll('iframeDoc.body.innerHTML = e.body.html;', "iframe.setAttribute('sandbox', ''); iframe.srcdoc = e.body.html;");
}

/** The viewer runs inline scripts and styles of its own; it may fetch only its own origin. */
const VIEWER_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src * data: blob:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

export async function startSesLocal(opts: SesLocalOptions): Promise<SesLocal> {
  const log = opts.log ?? (() => {});
  const innerPort = await freePort();
  const child = startChild('ses', process.execPath, [nodeModule('aws-ses-v2-local', 'dist', 'cli.js'), '--host', '127.0.0.1', '--port', String(innerPort)], {
    logDir: opts.logDir,
    // aws-ses-v2-local relays every message to SMTP_TRANSPORT when set: the local stack never sends real mail
    env: { SMTP_TRANSPORT: '' },
  });
  await waitForPort(innerPort, child);

  const sent: Sent[] = [];
  const queue = `${opts.queueUrl.replace(/\/?$/, '/')}${EMAIL_EVENTS_QUEUE}`;
  const configurationSetArn = `arn:aws:ses:${opts.region}:${ACCOUNT}:configuration-set/${opts.configurationSet}`;

  const inner = (method: string, path: string, headers: IncomingHttpHeaders = {}, body?: Buffer): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const request = http.request({ host: '127.0.0.1', port: innerPort, method, path, headers: { ...headers, host: `127.0.0.1:${innerPort}` } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      request.on('error', reject);
      request.end(body);
    });

  /** EventBridge events (https://docs.aws.amazon.com/ses/latest/dg/monitoring-eventbridge.html) on the queue, as SendMessageBatch entries. */
  async function publish(records: EventRecord[]): Promise<void> {
    const time = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    const bodies = records.map((detail) =>
      JSON.stringify({
        version: '0',
        id: randomUUID(),
        'detail-type': DETAIL_TYPES[detail.eventType],
        source: 'aws.ses',
        account: ACCOUNT,
        time,
        region: opts.region,
        resources: [configurationSetArn],
        detail,
      }),
    );
    for (let start = 0; start < bodies.length; start += 10) {
      const Entries = bodies.slice(start, start + 10).map((MessageBody, i) => ({ Id: String(start + i), MessageBody }));
      const res = await fetch(queue, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ Entries }) });
      if (!res.ok) throw new Error(`the local queue refused SES's events (${res.status}): ${await res.text()}`);
    }
  }

  async function sendEmail(req: IncomingMessage, res: ServerResponse): Promise<true> {
    const read = await readBody(req, MAX_REQUEST_BYTES);
    if (read.kind === 'too-large') return sesError(res, 400, 'BadRequestException', 'Message length is more than 40 MB');
    let body: unknown;
    try {
      body = JSON.parse(read.body.toString('utf8'));
    } catch {
      body = null;
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return sesError(res, 400, 'BadRequestException', 'The request body is not a JSON object');
    const request = body as Record<string, unknown>;
    const refusal = refusalOf(request, opts.configurationSet);
    if (refusal) return sesError(res, refusal.status, refusal.type, refusal.message);

    const answer = await inner('POST', req.url ?? '/', req.headers, read.body);
    if (answer.status !== 200) {
      // aws-ses-v2-local's own refusals carry no x-amzn-ErrorType: give them SES's shape
      const { type, message, detail } = JSON.parse(answer.body.toString('utf8') || '{}') as { type?: string; message?: string; detail?: string };
      return sesError(res, answer.status, type ?? (answer.status === 404 ? 'NotFoundException' : 'BadRequestException'), detail ?? message ?? 'Bad Request');
    }
    const { MessageId } = JSON.parse(answer.body.toString('utf8')) as { MessageId?: string };
    if (MessageId) {
      const source = bareAddress(request.FromEmailAddress as string);
      const destination = (['ToAddresses', 'CcAddresses', 'BccAddresses'] as const).flatMap((k) => ((request.Destination as Record<string, string[]>)[k] ?? []).map(bareAddress));
      const configurationSet = typeof request.ConfigurationSetName === 'string' ? request.ConfigurationSetName : null;
      const tags: Record<string, string[]> = Object.fromEntries(((request.EmailTags ?? []) as Array<{ Name: string; Value: string }>).map((t) => [t.Name, [t.Value]]));
      // the tags SES adds to every event (https://docs.aws.amazon.com/ses/latest/dg/event-publishing-retrieving-firehose-examples.html)
      Object.assign(tags, { 'ses:operation': ['SendEmail'], 'ses:from-domain': [domainOf(source)] }, configurationSet ? { 'ses:configuration-set': [configurationSet] } : {});
      const subject = (request.Content as { Simple?: { Subject?: { Data?: string } } } | undefined)?.Simple?.Subject?.Data ?? '';
      const mail: MailObject = {
        timestamp: iso(Date.now()),
        source,
        sourceArn: `arn:aws:ses:${opts.region}:${ACCOUNT}:identity/${domainOf(source)}`,
        sendingAccountId: ACCOUNT,
        messageId: MessageId,
        destination,
        commonHeaders: { from: [request.FromEmailAddress as string], to: (request.Destination as { ToAddresses?: string[] }).ToAddresses ?? [], messageId: MessageId, subject },
        tags,
      };
      sent.push({ mail, configurationSet });
      if (sent.length > REMEMBERED) sent.shift();
      // SES publishes events only through a configuration set's destinations
      if (configurationSet) {
        // before answering, so the events are queued once the SDK call returns (SES: within seconds)
        await publish([{ eventType: 'Send', mail, send: {} }, ...destination.flatMap((r) => outcome(mail, r))]).catch((error: Error) =>
          log(`ses: events of ${MessageId} not published: ${error.message}`),
        );
      }
    }
    return send(res, answer);
  }

  async function simulateFeedback(req: IncomingMessage, res: ServerResponse): Promise<true> {
    const body = await readJsonObject(req, 64 * 1024, '{"address": "student@example.com", "kind": "bounce"}');
    if (body instanceof Error) return sendJson(res, 400, { error: body.message });
    const { address, kind } = body;
    if (typeof address !== 'string' || !isAddress(address.trim())) return sendJson(res, 400, { error: 'address: expected an email address such as student@example.com' });
    if (kind !== 'bounce' && kind !== 'complaint') return sendJson(res, 400, { error: 'kind: expected "bounce" or "complaint"' });
    const wanted = address.trim().toLowerCase();
    const found = sent.findLast((s) => s.mail.destination.some((d) => d.toLowerCase() === wanted));
    if (!found) return sendJson(res, 404, { error: `No message was sent to ${address} since the stack started` });
    if (!found.configurationSet) return sendJson(res, 409, { error: `Message ${found.mail.messageId} was sent without a configuration set: SES publishes no events for it` });
    const recipient = found.mail.destination.find((d) => d.toLowerCase() === wanted) ?? wanted;
    const record = kind === 'bounce' ? bounce(found.mail, recipient, 'General') : complaint(found.mail, recipient);
    try {
      await publish([record]);
    } catch (error) {
      return sendJson(res, 502, { error: (error as Error).message });
    }
    return sendJson(res, 200, { messageId: found.mail.messageId, eventType: record.eventType });
  }

  const viewer = viewerHtml();
  const routes: Record<string, Record<string, (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<true> | true>> = {
    '': {
      GET: (_req, res) => {
        res.writeHead(200, VIEWER_HEADERS).end(viewer);
        return true;
      },
    },
    '/store': { GET: async (req, res, url) => send(res, await inner('GET', `/store${url.search}`)) },
    '/get-emlContent': { GET: async (req, res, url) => send(res, await inner('GET', `/get-emlContent${url.search}`)) },
    '/clear-store': {
      POST: async (req, res) => {
        req.resume();
        sent.length = 0;
        return send(res, await inner('POST', '/clear-store'));
      },
    },
    '/bounce': { POST: simulateFeedback },
  };

  const mount: Mount = async (req, res, url) => {
    const { pathname } = url;
    if (pathname !== MAIL_PREFIX && !pathname.startsWith(`${MAIL_PREFIX}/`)) return false;
    const route = routes[pathname.slice(MAIL_PREFIX.length).replace(/\/$/, '')];
    if (!route) return sendJson(res, 404, { error: `Not found: ${MAIL_PREFIX}/ (viewer), ${MAIL_PREFIX}/store, ${MAIL_PREFIX}/bounce` });
    const handle = route[req.method ?? 'GET'];
    if (!handle) return sendJson(res, 405, { error: `Method not allowed: use ${Object.keys(route).join(' or ')}` }, { allow: Object.keys(route).join(', ') });
    return handle(req, res, url);
  };

  const front = http.createServer(async (req, res) => {
    try {
      const url = requestUrl(req);
      if (!url) return sendJson(res, 400, { error: 'Invalid request path' });
      if (await mount(req, res, url)) return;
      if (req.method === 'POST' && url.pathname === '/v2/email/outbound-emails') return await sendEmail(req, res);
      // every other SES call as aws-ses-v2-local answers it (it publishes no events for them)
      const read = await readBody(req, MAX_REQUEST_BYTES);
      send(res, await inner(req.method ?? 'GET', req.url ?? '/', req.headers, read.kind === 'body' ? read.body : Buffer.alloc(0)));
    } catch (error) {
      // a throw here would be an unhandled rejection, which stops the whole process
      log(`ses: request failed: ${(error as Error).message}`);
      if (!res.headersSent) sesError(res, 500, 'InternalFailure', 'The local SES front failed; see the log');
      else res.end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    front.once('error', reject);
    front.listen(opts.port, '127.0.0.1', resolve);
  }).catch(async (error) => {
    await stopAll([child]);
    throw error;
  });
  child.process.once('exit', () => {
    front.closeAllConnections();
    front.close();
  });
  return { child, url: `http://127.0.0.1:${opts.port}`, mount };
}
