/**
 * Child processes of the local stack (DynamoDB Local, s3rver, cognito-local). Each one's output goes
 * to <data>/logs/<name>.log; `stopAll` ends them on Ctrl-C or when a test run finishes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export interface Child {
  name: string;
  process: ChildProcess;
  logFile: string;
}

export function startChild(name: string, command: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv; logDir: string }): Child {
  fs.mkdirSync(opts.logDir, { recursive: true });
  const logFile = path.join(opts.logDir, `${name}.log`);
  const log = fs.openSync(logFile, 'a');
  const child = spawn(command, args, {
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', log, log],
    // own process group, so Ctrl-C in the terminal reaches only us and we stop children in order
    detached: true,
  });
  fs.closeSync(log);
  return { name, process: child, logFile };
}

export async function waitForPort(port: number, child: Child, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null) {
      throw new Error(`${child.name} exited with code ${child.process.exitCode}; see ${child.logFile}`);
    }
    if (await canConnect(port)) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${child.name} did not open port ${port} within ${timeoutMs} ms; see ${child.logFile}`);
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A free TCP port on loopback (used by tests so they never collide with a running `npm start`). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function stopAll(children: Child[]): Promise<void> {
  await Promise.all(children.map((c) => stopChild(c)));
}

async function stopChild(child: Child): Promise<void> {
  const p = child.process;
  const { pid } = p;
  if (p.exitCode !== null || p.signalCode !== null || !pid) return;
  const exited = new Promise<void>((resolve) => p.once('exit', () => resolve()));
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }, 5_000);
  await exited;
  clearTimeout(timer);
}
