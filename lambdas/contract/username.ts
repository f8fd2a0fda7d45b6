/**
 * One identity per person: a username is canonical, trimmed and lower-case, wherever it
 * enters the portal (sign-in steps, refresh, student creation and import, every `{username}` route
 * parameter), and the student profile is keyed by that canonical name. The user pool is case-insensitive
 * too (lib/stacks/auth-stack.ts), but a pool's case sensitivity cannot be changed once it exists, so this
 * canonicalization is what protects a pool made before: `JAMAL.BROOKS` and `jamal.brooks ` are one person.
 */
import * as z from './zod.js';

/** The canonical spelling of a username: trimmed, lower-case. */
export const canonicalUsername = (name: string): string => name.trim().toLowerCase();

/** A username as a request names it (body field or path parameter), canonicalized. */
export const Username = z.string().check(z.trim(), z.toLowerCase(), z.minLength(1, 'is required'), z.maxLength(128, 'is too long'));
