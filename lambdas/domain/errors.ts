/**
 * Named domain errors. Handlers and stores throw these; `http/error-mapper.ts` turns them
 * into HTTP answers with `{ "error": "..." }` in one place.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400: the request is malformed; the message names the field. */
export class Invalid extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}
/** 401: no valid credentials. `detail` mirrors the message for clients that read DRF-style errors. */
export class Unauthorized extends AppError {
  constructor(message = 'Authentication required') {
    super(401, message, { detail: message });
  }
}
/** 403: signed in, but this role may not. */
export class Forbidden extends AppError {
  constructor(message = 'You do not have permission to perform this action') {
    super(403, message);
  }
}
/** 404 */
export class NotFound extends AppError {
  constructor(message: string) {
    super(404, message);
  }
}
/** 409: the write conflicts with what is stored (duplicate key, stale state). */
export class Conflict extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
/** 413 */
export class TooLarge extends AppError {
  constructor(message: string) {
    super(413, message);
  }
}
/** 429: a dependency throttled us; the client may retry. */
export class TooManyRequests extends AppError {
  constructor(message = 'Too many requests, please try again shortly') {
    super(429, message);
  }
}
