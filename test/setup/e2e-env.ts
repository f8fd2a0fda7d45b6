import { afterEach } from 'vitest';
import { LOCAL_TABLE } from '../../lib/local/endpoints.js';
import { takeApiTrouble } from '../e2e/support/browser.js';

// Browser tests that check what was stored read the table through the entity modules, which name the
// table at import time as a handler does; the local stack's table is the one to read.
process.env.TABLE_NAME ??= LOCAL_TABLE;

// A failed browser test prints the API's error answers its pages met (test/e2e/support/browser.ts).
afterEach(async ({ task }) => {
  const trouble = await takeApiTrouble();
  if (task.result?.state === 'fail' && trouble.length > 0) console.log(`[e2e] API answers of 400 and more in "${task.name}":\n  ${trouble.join('\n  ')}`);
});
