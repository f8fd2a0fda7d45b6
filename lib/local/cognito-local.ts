/**
 * cognito-local: Cognito's API (InitiateAuth, GetUser, Admin*, groups) with real RS256 tokens and a
 * JWKS endpoint. It keeps its state under <dir>/.cognito, so users survive a restart.
 */
import fs from 'node:fs';
import path from 'node:path';
import { nodeModule } from './paths.js';
import { startChild, waitForPort, type Child } from './processes.js';

export const cognitoIssuerDomain = (port: number) => `http://127.0.0.1:${port}`;

export async function startCognitoLocal(opts: { port: number; dir: string; logDir: string }): Promise<Child> {
  const configDir = path.join(opts.dir, '.cognito');
  fs.mkdirSync(configDir, { recursive: true });
  // Username sign-in (cognito-local defaults to email as username) and an issuer we can reach.
  fs.writeFileSync(path.join(configDir, 'config.json'), JSON.stringify({
    UserPoolDefaults: { UsernameAttributes: [] },
    TokenConfig: { IssuerDomain: cognitoIssuerDomain(opts.port) },
  }, null, 2));
  const child = startChild('cognito', process.execPath, [nodeModule('cognito-local', 'lib', 'bin', 'start.js')], {
    cwd: opts.dir,
    logDir: opts.logDir,
    env: { PORT: String(opts.port), HOST: '127.0.0.1' },
  });
  await waitForPort(opts.port, child);
  return child;
}
