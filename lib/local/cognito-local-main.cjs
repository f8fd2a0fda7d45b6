// Runs cognito-local (started by lib/local/cognito-local.ts) with two changes made before it loads:
//  - it signs with the data directory's own key (lib/local/cognito-keys.ts, file in PORTAL_COGNITO_KEY_FILE),
//    not the pair published in its npm package: we put the key into require.cache under the paths of
//    the two JSON modules it reads it from (services/tokenGenerator.js, server/server.js);
//  - its clock is the stack's (lib/local/stack-clock.ts, file in PORTAL_CLOCK_FILE): real time plus
//    the offset a test set, so tokens are issued (iat, hence exp) as of the moved time.
'use strict';
const fs = require('node:fs');
const Module = require('node:module');

const keyFile = process.env.PORTAL_COGNITO_KEY_FILE;
if (!keyFile) throw new Error('PORTAL_COGNITO_KEY_FILE is not set: start cognito-local through lib/local/cognito-local.ts');
const key = JSON.parse(fs.readFileSync(keyFile, 'utf8'));

function provide(request, exports) {
  const filename = require.resolve(request);
  const preloaded = new Module(filename, module);
  preloaded.filename = filename;
  preloaded.exports = exports;
  preloaded.loaded = true;
  require.cache[filename] = preloaded;
}
provide('cognito-local/lib/keys/cognitoLocal.private.json', key.private);
provide('cognito-local/lib/keys/cognitoLocal.public.json', key.public);

const clockFile = process.env.PORTAL_CLOCK_FILE;
let seen = '';
let offsetMs = 0;
/** The file's offset, read again only when it changed (a stat per call: the clock is read per token). */
function clockOffset() {
  if (!clockFile) return 0;
  const stat = fs.statSync(clockFile, { bigint: true, throwIfNoEntry: false });
  if (!stat) {
    seen = '';
    return (offsetMs = 0);
  }
  const stamp = `${stat.mtimeNs}:${stat.size}:${stat.ino}`;
  if (stamp !== seen) {
    try {
      const offset = Number(JSON.parse(fs.readFileSync(clockFile, 'utf8')).offsetMs);
      offsetMs = Number.isFinite(offset) ? offset : 0;
      seen = stamp;
    } catch {
      // caught mid-write (the file is rewritten in place): keep the last offset, read again next call
    }
  }
  return offsetMs;
}
const { DateClock } = require('cognito-local/lib/services/clock.js');
DateClock.prototype.get = function get() {
  return new Date(Date.now() + clockOffset());
};

// TOTP calls cognito-local lacks or gets wrong
require('./cognito-mfa-targets.cjs');
// revocation: AdminUserGlobalSignOut, and no refresh for a disabled user
require('./cognito-sign-out-targets.cjs');

require('cognito-local/lib/bin/start.js');
