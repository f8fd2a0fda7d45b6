/**
 * cognito-local: Cognito's API (InitiateAuth, GetUser, Admin*, groups) with real RS256 tokens and a
 * JWKS endpoint. It keeps its state under <dir>/.cognito, so users survive a restart. It runs through
 * cognito-local-main.cjs, which gives it this directory's signing key (cognito-keys.ts) and the stack's
 * clock. Clients reach it through a guard that binds challenge sessions to their user, as Cognito does.
 */
import fs from 'node:fs';
import path from 'node:path';
import { COGNITO_KEY_FILE, cognitoSigningKey } from './cognito-keys.js';
import { startCognitoSessionGuard } from './cognito-session-guard.js';
import { freePort, startChild, waitForPort, type Child } from './processes.js';

export const cognitoIssuerDomain = (port: number) => `http://127.0.0.1:${port}`;

/** `clockFile`: the stack clock's file (stack-clock.ts); without it, or while it is missing, the real clock. */
export async function startCognitoLocal(opts: { port: number; dir: string; logDir: string; clockFile?: string }): Promise<Child> {
  const configDir = path.join(opts.dir, '.cognito');
  fs.mkdirSync(configDir, { recursive: true });
  // Username sign-in (cognito-local defaults to email as username) and an issuer we can reach.
  fs.writeFileSync(
    path.join(configDir, 'config.json'),
    JSON.stringify(
      {
        UserPoolDefaults: { UsernameAttributes: [] },
        TokenConfig: { IssuerDomain: cognitoIssuerDomain(opts.port) },
      },
      null,
      2,
    ),
  );
  cognitoSigningKey(opts.dir);
  // cognito-local listens inside; its public port is the session guard (cognito-session-guard.ts)
  const innerPort = await freePort();
  const child = startChild('cognito', process.execPath, [path.join(import.meta.dirname, 'cognito-local-main.cjs')], {
    cwd: opts.dir,
    logDir: opts.logDir,
    env: {
      PORT: String(innerPort),
      HOST: '127.0.0.1',
      PORTAL_COGNITO_KEY_FILE: path.join(opts.dir, COGNITO_KEY_FILE),
      PORTAL_CLOCK_FILE: opts.clockFile ?? '',
    },
  });
  await waitForPort(innerPort, child);
  const guard = await startCognitoSessionGuard({ port: opts.port, target: `http://127.0.0.1:${innerPort}` });
  child.process.once('exit', () => {
    guard.closeAllConnections();
    guard.close();
  });
  return child;
}
