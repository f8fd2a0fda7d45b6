/**
 * Programs npm cannot install: Java (for AWS's DynamoDB Local) and, for browser tests, Debian's
 * Chromium. Installed with apt when we run as root (CI, fresh machines); otherwise we stop and say how.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM_PATH = '/usr/bin/chromium';

const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

let aptUpdated = false;
function aptInstall(pkg: string): void {
  console.log(`[portal] installing Debian package ${pkg} (apt-get)...`);
  if (!aptUpdated) {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    aptUpdated = true;
  }
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', pkg], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

function ensure(what: string, present: () => boolean, pkg: string): void {
  if (present()) return;
  if (isRoot()) {
    aptInstall(pkg);
    if (present()) return;
  }
  throw new Error(
    `${what} is required but was not found. Install it with:\n  sudo apt-get update && sudo apt-get install -y ${pkg}\n` +
      '(run as root, `npm start` and `npm test` install it themselves)',
  );
}

/** Whether `java` has the jdk.compiler module (a JDK's; a JRE's has not). */
function hasJavaCompiler(): boolean {
  const modules = spawnSync('java', ['--list-modules'], { encoding: 'utf8' });
  return modules.status === 0 && /^jdk\.compiler@/m.test(modules.stdout);
}

let javaChecked = false;
/**
 * DynamoDB Local is AWS's own Java program; we start it through a small Java launcher of ours
 * (lib/local/dynamodb/) that Java compiles, so we need a JDK, not only a runtime.
 */
export function ensureJava(): void {
  if (javaChecked) return;
  ensure('A Java JDK (`java` with the jdk.compiler module, for DynamoDB Local and its launcher)', () => has('java') && hasJavaCompiler(), 'default-jdk-headless');
  javaChecked = true;
}

/** Browser tests drive Debian's Chromium through playwright-core; there is no browser download. */
export function ensureChromium(): void {
  ensure(`Chromium at ${CHROMIUM_PATH} (for browser tests)`, () => fs.existsSync(CHROMIUM_PATH), 'chromium');
}
