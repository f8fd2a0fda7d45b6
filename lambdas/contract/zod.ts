/**
 * zod for every schema of the API: `zod/mini`, whose functional API (`z.optional(s)`,
 * `s.check(z.minLength(1))`) tree-shakes to what a route uses (about 20 KB against 85-99 KB for zod
 * classic's methods: the Lambda budget). Import it as a namespace (`import * as z from
 * './zod.js'`): re-exporting a namespace object would keep all of zod. zod/mini ships no messages;
 * zod's English ones are loaded here, so an issue without our own wording reads exactly as zod
 * classic wrote it (package.json lists this file as the contract's one side effect).
 */
import { en } from 'zod/locales';
import { config } from 'zod/mini';

config(en());

export * from 'zod/mini';
