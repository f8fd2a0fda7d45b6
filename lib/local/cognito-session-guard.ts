/**
 * Closes a gap between cognito-local and Cognito: Cognito binds the session of a challenge
 * (NEW_PASSWORD_REQUIRED and SOFTWARE_TOKEN_MFA) to the user it was issued for and
 * to that challenge, accepts it once and for three minutes (the app client's AuthSessionValidity
 * default, https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference/API_UserPoolClientType.html);
 * cognito-local accepts any session for any user, so locally anyone holding a session could set the
 * password of another (even confirmed) account, or answer another user's TOTP challenge with their
 * own code. This proxy sits on cognito-local's public port, remembers which user and challenge each
 * session belongs to, and answers a mismatched, reused or expired session as Cognito does
 * (NotAuthorizedException). A TOTP session is spent by any answer, a wrong code too: Cognito does not
 * reliably take the same session again after a wrong code (aws-amplify/amplify-swift#3695), so the
 * portal treats a wrong code as the end of the attempt, and so does this stand-in. Everything else
 * passes through.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
/** Cognito's default lifetime of an authentication session. */
export const CHALLENGE_SESSION_MS = 3 * 60 * 1000;

/** The challenges whose sessions are bound here. */
export const GUARDED_CHALLENGES = ['NEW_PASSWORD_REQUIRED', 'SOFTWARE_TOKEN_MFA'] as const;
export type GuardedChallenge = (typeof GUARDED_CHALLENGES)[number];
const isGuarded = (name: unknown): name is GuardedChallenge => (GUARDED_CHALLENGES as readonly unknown[]).includes(name);

/** Which user, client and challenge each open challenge session was issued for. */
export class ChallengeSessions {
  private readonly open = new Map<string, { username: string; clientId: string; challenge: GuardedChallenge; expires: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  issued(session: string, username: string, clientId: string, challenge: GuardedChallenge = 'NEW_PASSWORD_REQUIRED'): void {
    this.open.set(session, { username: username.toLowerCase(), clientId, challenge, expires: this.now() + CHALLENGE_SESSION_MS });
  }

  /** True when the session was issued for this user, client and challenge and has not expired or been used. */
  accepts(session: string, username: string, clientId: string, challenge: GuardedChallenge = 'NEW_PASSWORD_REQUIRED'): boolean {
    const found = this.open.get(session);
    return !!found && found.expires > this.now() && found.username === username.toLowerCase() && found.clientId === clientId && found.challenge === challenge;
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
  try {
    return JSON.parse(body.toString('utf8') || '{}');
  } catch {
    return {};
  }
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
      const challenge = operation === 'RespondToAuthChallenge' && isGuarded(input.ChallengeName) ? input.ChallengeName : null;
      if (challenge && !sessions.accepts(str(input.Session), str(responses.USERNAME), str(input.ClientId), challenge)) {
        res.writeHead(400, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': 'NotAuthorizedException' });
        res.end(INVALID_SESSION);
        return;
      }
      const answer = await forward(target, req, body);
      // a new password may be refused by the policy and chosen again; a TOTP code is answered once
      if (challenge && (answer.status < 300 || challenge === 'SOFTWARE_TOKEN_MFA')) sessions.used(str(input.Session));
      const starting = operation === 'InitiateAuth' || operation === 'AdminInitiateAuth';
      if ((starting || operation === 'RespondToAuthChallenge') && answer.status < 300) {
        // a sign-in's (next) challenge: after the password, or after a new password
        const output = parse(answer.body);
        const username = starting ? ((input.AuthParameters ?? {}) as Record<string, unknown>).USERNAME : responses.USERNAME;
        if (isGuarded(output.ChallengeName) && output.Session) sessions.issued(str(output.Session), str(username), str(input.ClientId), output.ChallengeName);
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
