/**
 * The routes under /api/students/{username}/ that a student calls for their own record and staff for anyone's: whose
 * record, who asks, and whether it is their own. Anyone else is refused before anything is read, so a student cannot
 * learn whether another username exists.
 */
import { UsernameParams } from '../contract/params.js';
import { Forbidden } from '../domain/errors.js';
import { canReadAnyStudent } from '../domain/roles.js';
import { callerOf } from './route.js';
import type { ApiRequest } from './types.js';
import { parseParams } from './validate.js';

export function studentRecordRequest(req: ApiRequest) {
  const { username } = parseParams(req, UsernameParams);
  const caller = callerOf(req);
  const own = caller.username === username;
  if (!own && !canReadAnyStudent(caller.roles)) throw new Forbidden();
  return { username, caller, own };
}
