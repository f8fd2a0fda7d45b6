import '../../lib/local/quiet-node-version-warning.js';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { LOCAL_TABLE } from '../../lib/local/endpoints.js';
import { baseUrl, takeApiTrouble } from '../e2e/support/browser.js';
import { readStackClock, resetStackClock } from '../e2e/support/cognito-tokens.js';
import { claimStack, releaseStack } from '../e2e/support/stack.js';

// Browser tests that check what was stored read the table through the entity modules, which name the
// table at import time as a handler does; the local stack's table is the one to read.
process.env.TABLE_NAME ??= LOCAL_TABLE;

// Each file has a stack to itself (support/stack.ts claimStack), claimed before the file is imported (a file may read
// baseUrl() as it loads) and given up after its last hook. It starts on the real clock: a file that moves the stack's
// clock puts it back after each test, and one left moved (a file stopped mid-test) is put back here, saying so,
// before tokens minted now could meet it.
const file = path.relative(process.cwd(), expect.getState().testPath ?? 'unknown file');
claimStack(file);
afterAll(releaseStack);
beforeAll(async () => {
  const { offsetMs } = await readStackClock();
  if (offsetMs === 0) return;
  console.log(`[e2e] ${file} found its stack's clock ${offsetMs / 1000} s ahead, and put it back`);
  await resetStackClock();
});

// A failed browser test prints the API's error answers its pages met (test/e2e/support/browser.ts), and where its
// stack's clock stands: a token refused as expired right after sign-in means the clock was moved under the test.
afterEach(async ({ task }) => {
  const trouble = await takeApiTrouble();
  if (task.result?.state !== 'fail' || trouble.length === 0) return;
  const clock = await readStackClock()
    .then(({ now, offsetMs }) => `${now}, ${offsetMs / 1000} s ahead`)
    .catch((error: Error) => `unread: ${error.message}`);
  console.log(`[e2e] API answers of 400 and more in "${task.name}" (stack ${baseUrl()}, clock ${clock}):\n  ${trouble.join('\n  ')}`);
});
