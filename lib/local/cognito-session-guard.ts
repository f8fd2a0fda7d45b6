/**
 * Closes a gap between cognito-local and Cognito: Cognito binds the session of a
 * NEW_PASSWORD_REQUIRED challenge to the user it was issued for, accepts it once and for three
 * minutes; cognito-local accepts any session for any user, so locally anyone holding a session
 * could set the password of another (even confirmed) account. This proxy sits on cognito-local's
 * public port, remembers which user each challenge session belongs to, and answers a mismatched,
 * reused or expired session as Cognito does (NotAuthorizedException). Everything else passes through.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
/** Cognito's default lifetime of an authentication session. */
export const CHALLENGE_SESSION_MS = 3 * 60 * 1000;

/** Which user each open NEW_PASSWORD_REQUIRED session was issued for. */
export class ChallengeSessions {
  private readonly open = new Map<string, { username: string; clientId: string; expires: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  issued(session: string, username: string, clientId: string): void {
    this.open.set(session, { username: username.toLowerCase(), clientId, expires: this.now() + CHALLENGE_SESSION_MS });
  }

  /** True when the session was issued for this user and client and has not expired or been used. */
  accepts(session: string, username: string, clientId: string): boolean {
    const found = this.open.get(session);
    return !!found && found.expires > this.now() && found.username === username.toLowerCase() && found.clientId === clientId;
  }

  used(session: string): void {
    this.open.delete(session);
  }
}

const INVALID_SESSION = JSON.stringify({ __type: 'NotAuthorizedException', message: 'Invalid session for the user.' });

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function forward(target: URL, req: IncomingMessage, body: Buffer): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const upstream = http.request(
      { hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
      async (res) => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: await readBody(res) }),
    );
    upstream.on('error', reject);
    upstream.end(body);
  });
}

const parse = (body: Buffer): Record<string, unknown> => {
  try { return JSON.parse(body.toString('utf8') || '{}'); } catch { return {}; }
};
const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** Serves `port`, forwarding to cognito-local at `target`. */
export function startCognitoSessionGuard(opts: { port: number; target: string }): Promise<http.Server> {
  const target = new URL(opts.target);
  const sessions = new ChallengeSessions();
  const server = http.createServer(async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const body = await readBody(req);
      const operation = String(req.headers['x-amz-target'] ?? '').replace(TARGET_PREFIX, '');
      const input = parse(body);
      const responses = (input.ChallengeResponses ?? {}) as Record<string, unknown>;
      const answering = operation === 'RespondToAuthChallenge' && input.ChallengeName === 'NEW_PASSWORD_REQUIRED';
      if (answering && !sessions.accepts(str(input.Session), str(responses.USERNAME), str(input.ClientId))) {
        res.writeHead(400, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': 'NotAuthorizedException' });
        res.end(INVALID_SESSION);
        return;
      }
      const answer = await forward(target, req, body);
      if (answering && answer.status < 300) sessions.used(str(input.Session));
      if ((operation === 'InitiateAuth' || operation === 'AdminInitiateAuth') && answer.status < 300) {
        const output = parse(answer.body);
        const params = (input.AuthParameters ?? {}) as Record<string, unknown>;
        if (output.ChallengeName === 'NEW_PASSWORD_REQUIRED' && output.Session) sessions.issued(str(output.Session), str(params.USERNAME), str(input.ClientId));
      }
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
    } catch (error) {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ __type: 'InternalErrorException', message: (error as Error).message }));
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve(server));
  });
}
