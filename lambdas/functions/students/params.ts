import { Username } from '../../contract/username.js';
import * as z from '../../contract/zod.js';

/** `{username}` of a route: canonical (trimmed, lower-case; issue 20), as the profile is keyed. */
export const UsernameParams = z.object({ username: Username });
