/**
 * The time the local stand-ins of the identity side see: the gateway's JWT authorizer checks `exp`
 * against it, and cognito-local stamps the tokens it issues with it (lib/local/cognito-local-main.cjs
 * reads the same file). It is the real clock plus an offset kept in `<dataDir>/stack-clock.json`, so a
 * browser test can let an access token expire without waiting an hour, and refreshed tokens are then
 * issued as of the same moved time, as they would be an hour later in the cloud.
 *   GET  /local/clock                          {"now": "<ISO>", "offsetMs": n}
 *   POST /local/clock {"advanceSeconds": n}    moves it forward (a local-only convenience)
 *   POST /local/clock {"reset": true}          back to the real clock
 * Jobs take their time per run (`POST /local/jobs/{id}/run {"now"}`) and handlers the real clock.
 */
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { readJsonObject, sendJson } from './http-json.js';

export const STACK_CLOCK_FILE = 'stack-clock.json';
const MOUNT = '/local/clock';

export interface StackClock {
  readonly file: string;
  now(): Date;
  offsetMs(): number;
  setOffsetMs(offsetMs: number): void;
  mount(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
}

export function createStackClock(dataDir: string): StackClock {
  const file = path.join(dataDir, STACK_CLOCK_FILE);
  // every start begins on the real clock: a moved clock is a test's, never a developer's next day
  let offset = 0;
  const write = () => fs.writeFileSync(file, JSON.stringify({ offsetMs: offset }));
  fs.mkdirSync(dataDir, { recursive: true });
  write();
  const clock: StackClock = {
    file,
    now: () => new Date(Date.now() + offset),
    offsetMs: () => offset,
    setOffsetMs(next) {
      offset = next;
      write();
    },
    async mount(req, res, url) {
      if (url.pathname !== MOUNT && url.pathname !== `${MOUNT}/`) return false;
      if (req.method === 'GET') return sendJson(res, 200, { now: clock.now().toISOString(), offsetMs: offset });
      if (req.method !== 'POST') return sendJson(res, 405, { error: 'Use GET or POST' });
      const read = await readJsonObject(req, 64 * 1024, '{"advanceSeconds": 60}');
      const body = read instanceof Error ? null : read;
      if (body?.reset === true) clock.setOffsetMs(0);
      else if (typeof body?.advanceSeconds === 'number' && Number.isFinite(body.advanceSeconds) && body.advanceSeconds >= 0) {
        clock.setOffsetMs(offset + Math.round(body.advanceSeconds * 1000));
      } else return sendJson(res, 400, { error: 'Send {"advanceSeconds": n} with n >= 0, or {"reset": true}' });
      return sendJson(res, 200, { now: clock.now().toISOString(), offsetMs: offset });
    },
  };
  return clock;
}
