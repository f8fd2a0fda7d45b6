/**
 * Every stand-in listens on loopback only (DESIGN.md: "the local stack listens on loopback"): DynamoDB
 * Local and cognito-local accept any credentials, so a port open to the network would hand the whole
 * table and user pool to anyone on it. For each stand-in: it answers on 127.0.0.1, a connection to
 * this machine's network address is refused, and the kernel lists every socket it listens on as bound
 * to 127.0.0.1 (that last check holds even on a machine with no network address).
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCognitoLocal } from './cognito-local.js';
import { connect, listeningSockets, networkAddress, socketInodes } from './listening-sockets.js';
import { startDynamoDbLocal } from './dynamodb-local.js';
import { localCredentials } from './local-credentials.js';
import { freePort, stopAll, type Child } from './processes.js';
import { startS3Local } from './s3-local.js';

let dataDir: string;
let children: Child[] = [];
const ports = { dynamodb: 0, s3: 0, cognito: 0 };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-loopback-'));
  const logDir = path.join(dataDir, 'logs');
  Object.assign(ports, { dynamodb: await freePort(), s3: await freePort(), cognito: await freePort() });
  const started = await Promise.allSettled([
    startDynamoDbLocal({ port: ports.dynamodb, logDir }),
    startS3Local({ port: ports.s3, dir: path.join(dataDir, 's3'), bucket: 'loopback', logDir, credentials: localCredentials(dataDir) }),
    startCognitoLocal({ port: ports.cognito, dir: path.join(dataDir, 'cognito'), logDir }),
  ]);
  children = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
}, 60_000);

afterAll(async () => {
  await stopAll(children);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const child = (name: string) => children.find((c) => c.name === name)!;

describe('the stand-ins listen on loopback only', () => {
  it('DynamoDB Local answers its API on 127.0.0.1', async () => {
    const ddb = new DynamoDBClient({ endpoint: `http://127.0.0.1:${ports.dynamodb}`, region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'y' } });
    await expect(ddb.send(new ListTablesCommand({}))).resolves.toMatchObject({ TableNames: [] });
  });

  it.each(['dynamodb', 's3', 'cognito'] as const)('%s: open on 127.0.0.1, refused on the network address', async (name) => {
    expect(await connect('127.0.0.1', ports[name])).toBe('connected');
    if (networkAddress) expect(await connect(networkAddress, ports[name])).toBe('ECONNREFUSED');
  });

  it.each(['dynamodb', 's3', 'cognito'])('%s: every socket its process listens on is bound to 127.0.0.1', (name) => {
    const owned = socketInodes(child(name).process.pid!);
    const listening = listeningSockets().filter((s) => owned.has(s.inode));
    // dynamodb and s3 listen on their port; cognito-local on its inner port behind the guard
    expect(listening.length).toBeGreaterThan(0);
    expect(listening.map((s) => s.address)).toEqual(listening.map(() => '127.0.0.1'));
    if (name !== 'cognito') expect(listening.map((s) => s.port)).toContain(ports[name as 'dynamodb' | 's3']);
  });

  it('cognito: the session guard (in this process) listens on 127.0.0.1 only', async () => {
    const guard = listeningSockets().filter((s) => s.port === ports.cognito);
    expect(guard.map((s) => s.address)).toEqual(['127.0.0.1']);
    const inner = listeningSockets().filter((s) => socketInodes(child('cognito').process.pid!).has(s.inode));
    if (networkAddress) for (const { port } of inner) expect(await connect(networkAddress, port)).toBe('ECONNREFUSED');
  });

  it('the checks above see wildcard binds: a server on all interfaces is listed as such and reachable', async () => {
    const open = net.createServer().listen(0);
    await new Promise((resolve) => open.once('listening', resolve));
    const { port } = open.address() as net.AddressInfo;
    try {
      const bound = listeningSockets()
        .filter((s) => s.port === port)
        .map((s) => s.address);
      expect(bound.length).toBe(1);
      expect(['::', '0.0.0.0']).toContain(bound[0]);
      if (networkAddress) expect(await connect(networkAddress, port)).toBe('connected');
    } finally {
      open.close();
    }
  });
});
