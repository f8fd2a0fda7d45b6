import type * as z from '../contract/zod.js';
import { Invalid } from '../domain/errors.js';
import type { ApiRequest } from './types.js';

/** Any schema of the contract (zod/mini). */
type Schema = z.ZodMiniType;

/** "username: is required" — the first problem, naming the field, is what a person can act on. */
function describe(error: z.core.$ZodError, where: string): string {
  const issue = error.issues[0];
  const field = issue?.path.length ? issue.path.join('.') : where;
  return `${field}: ${issue?.message ?? 'is invalid'}`;
}

function check<S extends Schema>(schema: S, value: unknown, where: string): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Invalid(describe(parsed.error, where));
  return parsed.data;
}

export function parseJsonBody<S extends Schema>(req: ApiRequest, schema: S): z.infer<S> {
  let value: unknown;
  try {
    value = req.body === undefined || req.body === '' ? undefined : JSON.parse(req.body);
  } catch {
    throw new Invalid('body: must be valid JSON');
  }
  if (value === undefined) throw new Invalid('body: is required');
  return check(schema, value, 'body');
}

export const parseQuery = <S extends Schema>(req: ApiRequest, schema: S): z.infer<S> => check(schema, req.query, 'query');
export const parseParams = <S extends Schema>(req: ApiRequest, schema: S): z.infer<S> => check(schema, req.params, 'path');
/** Fields that arrived some other way (a multipart form): same checks, same messages. */
export const parseFields = <S extends Schema>(value: unknown, schema: S): z.infer<S> => check(schema, value, 'body');
