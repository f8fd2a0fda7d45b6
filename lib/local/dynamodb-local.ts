/**
 * AWS's DynamoDB Local (the jar shipped in the npm package amplify-dynamodb-simulator) on Java 17,
 * listening on loopback only through our launcher (dynamodb/LoopbackDynamoDbLocal.java, which says why).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { nodeModule } from './paths.js';
import { startChild, waitForPort, type Child } from './processes.js';
import { ensureJava } from './system-deps.js';

const EMULATOR_DIR = nodeModule('amplify-dynamodb-simulator', 'emulator');
const JAR = path.join(EMULATOR_DIR, 'DynamoDBLocal.jar');
const LAUNCHER = path.join(import.meta.dirname, 'dynamodb', 'LoopbackDynamoDbLocal.java');

/**
 * The launcher compiled once per version of it and of the jar, kept in node_modules/.cache: run from
 * source, Java compiles it on every start, which made each start about 0.7 s slower (1.4 s -> 2.1 s).
 */
async function compiledLauncher(): Promise<string> {
  const jar = fs.statSync(JAR);
  const key = createHash('sha256').update(fs.readFileSync(LAUNCHER)).update(`${jar.size}:${jar.mtimeMs}`).digest('hex').slice(0, 16);
  const dir = nodeModule('.cache', 'portal', `dynamodb-launcher-${key}`);
  if (fs.existsSync(path.join(dir, 'LoopbackDynamoDbLocal.class'))) return dir;
  // javac of the same `java` (jdk.compiler, which ensureJava checks), into a temp dir renamed into place,
  // so two stacks starting together never run a half-written class
  const tmp = `${dir}.${process.pid}.tmp`;
  try {
    await promisify(execFile)('java', ['-m', 'jdk.compiler/com.sun.tools.javac.Main', '--release', '11', '-d', tmp, '-cp', JAR, LAUNCHER]);
    fs.renameSync(tmp, dir);
  } catch (error) {
    fs.rmSync(tmp, { recursive: true, force: true });
    // another stack compiling the same launcher renamed its copy first: use that one
    if (!fs.existsSync(path.join(dir, 'LoopbackDynamoDbLocal.class'))) throw error;
  }
  return dir;
}

/** `dbPath` keeps the data on disk (survives restarts); without it the database lives in memory (tests). */
export async function startDynamoDbLocal(opts: { port: number; dbPath?: string; logDir: string }): Promise<Child> {
  ensureJava();
  const storage = opts.dbPath ? ['-dbPath', opts.dbPath] : ['-inMemory'];
  if (opts.dbPath) fs.mkdirSync(opts.dbPath, { recursive: true });
  const launcherDir = await compiledLauncher();
  const child = startChild(
    'dynamodb',
    'java',
    [
      `-Djava.library.path=${EMULATOR_DIR}/DynamoDBLocal_lib`,
      '-Xmx512m',
      // The client JIT alone and the serial collector: DynamoDB Local serves short runs (a test tier, a dev
      // session) on a two-core machine, where C2's compile threads and G1's concurrent threads compete with
      // the tests for the cores. Two hostile-input files used 130-132 core-seconds instead of 137-144.
      '-XX:TieredStopAtLevel=1',
      '-XX:+UseSerialGC',
      '-cp',
      `${JAR}${path.delimiter}${launcherDir}`,
      'LoopbackDynamoDbLocal',
      // loopback, where endpoints.ts and waitForPort look for it
      '-bindAddress',
      '127.0.0.1',
      '-sharedDb',
      ...storage,
      '-port',
      String(opts.port),
      // DynamoDB Local reports its starts to AWS unless told not to
      '-disableTelemetry',
    ],
    { logDir: opts.logDir, cwd: EMULATOR_DIR },
  );
  await waitForPort(opts.port, child);
  return child;
}
