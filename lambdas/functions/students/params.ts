import * as z from '../../contract/zod.js';

export const UsernameParams = z.object({ username: z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(128, 'is too long')) });
