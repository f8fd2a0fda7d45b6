/**
 * `npm start` (bin/local.ts) in a child process on free ports and a given data directory: what the
 * browser tests run against, and what the kill-and-restart test stops the hard way.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '../../lib/local/paths.js';
import { freePort } from '../../lib/local/processes.js';

export interface PortalPorts {
  gateway: number;
  dynamodb: number;
  s3: number;
  cognito: number;
  mail: number;
}

export interface SpawnedPortal {
  url: string;
  ports: PortalPorts;
  child: ChildProcess;
  /** Ctrl-C, as a person stops `npm start`. */
  stop(): Promise<void>;
}

export async function freePortalPorts(): Promise<PortalPorts> {
  return { gateway: await freePort(), dynamodb: await freePort(), s3: await freePort(), cognito: await freePort(), mail: await freePort() };
}

export async function spawnPortal(dataDir: string, ports: PortalPorts, readyWithinMs = 150_000): Promise<SpawnedPortal> {
  const env = {
    ...process.env,
    PORT: String(ports.gateway),
    PORTAL_DATA_DIR: dataDir,
    PORTAL_DYNAMODB_PORT: String(ports.dynamodb),
    PORTAL_S3_PORT: String(ports.s3),
    PORTAL_COGNITO_PORT: String(ports.cognito),
    PORTAL_MAIL_PORT: String(ports.mail),
    // tests run jobs as of the time they choose (POST /local/jobs/{id}/run), never on the wall clock
    PORTAL_SCHEDULE_JOBS: 'off',
  };
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs'), 'bin/local.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/\] ready in /.test(output)) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code, signal) => reject(new Error(`npm start exited with ${code ?? signal}:\n${output}`)));
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`local stack not ready in ${readyWithinMs / 1000} s:\n${output}`)), readyWithinMs);
  });
  await Promise.race([ready, timeout]).finally(() => clearTimeout(timer));
  return {
    url: `http://localhost:${ports.gateway}`,
    ports,
    child,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 8_000).unref())]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
