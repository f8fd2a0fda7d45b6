import * as z from 'zod';

export const UsernameParams = z.object({ username: z.string().trim().min(1, 'is required').max(128, 'is too long') });
