import * as z from '../../contract/zod.js';

export const DocumentIdParams = z.object({ id: z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(64, 'is too long')) });
