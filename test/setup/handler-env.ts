// Runs before each handler test file is imported: handlers read their configuration at import time.
import '../../lib/local/quiet-node-version-warning.js';
import { inject } from 'vitest';

Object.assign(process.env, inject('localEnv'));
