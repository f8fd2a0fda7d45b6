/** `npm test` pretest: install (as root) or explain how to install what npm cannot: Java and Chromium. */
import { ensureChromium, ensureJava } from '../../lib/local/system-deps.js';

try {
  ensureJava();
  ensureChromium();
} catch (error) {
  console.error(`\n${(error as Error).message}\n`);
  process.exit(1);
}
