// Runs before each handler test file is imported: handlers read their configuration at import time.
import '../../lib/local/quiet-node-version-warning.js';
import { inject } from 'vitest';

// Tests assert on answers; keep handler logs to warnings and errors.
Object.assign(process.env, inject('localEnv'), { POWERTOOLS_LOG_LEVEL: 'WARN' });
