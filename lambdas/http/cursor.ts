/** Opaque pagination cursors: DynamoDB's LastEvaluatedKey, base64url-encoded; a tampered one is a 400. */
import { Invalid } from '../domain/errors.js';

export function encodeCursor(key: Record<string, unknown> | undefined): string | null {
  return key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null;
}

export function decodeCursor(cursor: string | undefined): Record<string, string> | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string')) {
      return value as Record<string, string>;
    }
  } catch {
    // fall through
  }
  throw new Invalid('cursor: is not a cursor this API returned');
}
