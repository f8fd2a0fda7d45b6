import * as z from 'zod';

export const DocumentIdParams = z.object({ id: z.string().trim().min(1, 'is required').max(64, 'is too long') });
