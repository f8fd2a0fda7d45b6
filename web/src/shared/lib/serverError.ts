/**
 * The one reader of a failed call's error text for every screen. Our Lambdas answer `{ "error": "..." }`
 * (sometimes with `detail`), naming the field first ("CRN: 40101 is already used by Algebra"); API
 * Gateway answers `{ "message": "..." }` (read in words by lib/serverErrorBody). What a screen shows of
 * a failed call (`serverErrorOf`) is a sentence without the field name (lib/plainError), so no screen
 * shows a field path. `serverErrorText` reads a body as the server wrote it; code that parses the
 * wording reads a failed call with `rawServerErrorOf`.
 */
import { plainError } from './plainError';
import { serverErrorText, type ErrorField } from './serverErrorBody';

export { SESSION_EXPIRED_MESSAGE, serverErrorText, type ErrorField } from './serverErrorBody';

/** The same text as a sentence, with no field name (lib/plainError): what a screen shows of a body it read itself. */
export function plainServerErrorText(data: unknown, fields?: readonly ErrorField[]): string | null {
  const text = serverErrorText(data, fields);
  return text === null ? null : plainError(text);
}

/**
 * What a screen shows of a failed call (an RTK Query `FetchBaseQueryError`, by its `data`; anything else
 * is null): the error as a sentence, with no field name (lib/plainError).
 */
export function serverErrorOf(error: unknown, fields?: readonly ErrorField[]): string | null {
  return hasData(error) ? plainServerErrorText(error.data, fields) : null;
}

/** Whether a failed call was a 409: what it wrote from is out of date (another save came first, an intent already made). */
export function isConflict(error: unknown): boolean {
  return (error as { status?: unknown } | null | undefined)?.status === 409;
}

/** The server's own wording of a failed call, for code that parses it (e.g. the payment intent's refusals). */
export function rawServerErrorOf(error: unknown, fields?: readonly ErrorField[]): string | null {
  return hasData(error) ? serverErrorText(error.data, fields) : null;
}

const hasData = (error: unknown): error is { data: unknown } => typeof error === 'object' && error !== null && 'data' in error;
