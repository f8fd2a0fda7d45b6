/** AWS's DynamoDB Local (the jar shipped in the npm package amplify-dynamodb-simulator) on Java 17. */
import fs from 'node:fs';
import { nodeModule } from './paths.js';
import { startChild, waitForPort, type Child } from './processes.js';
import { ensureJava } from './system-deps.js';

const EMULATOR_DIR = nodeModule('amplify-dynamodb-simulator', 'emulator');

/** `dbPath` keeps the data on disk (survives restarts); without it the database lives in memory (tests). */
export async function startDynamoDbLocal(opts: { port: number; dbPath?: string; logDir: string }): Promise<Child> {
  ensureJava();
  const storage = opts.dbPath ? ['-dbPath', opts.dbPath] : ['-inMemory'];
  if (opts.dbPath) fs.mkdirSync(opts.dbPath, { recursive: true });
  const child = startChild('dynamodb', 'java', [
    `-Djava.library.path=${EMULATOR_DIR}/DynamoDBLocal_lib`,
    '-Xmx512m',
    '-jar', `${EMULATOR_DIR}/DynamoDBLocal.jar`,
    '-sharedDb', ...storage,
    '-port', String(opts.port),
  ], { logDir: opts.logDir, cwd: EMULATOR_DIR });
  await waitForPort(opts.port, child);
  return child;
}
