/**
 * Every handler is `route(<route id>, async (req) => ...)`. The wrapper does, in order:
 *   1. tag every log line with the Lambda context (Powertools Logger), the route, the request id and
 *      the caller, and drop those keys when the invocation ends so none leaks into the next,
 *   2. enforce the route's `access` from the route table (401 / 403),
 *   3. hand the handler a decoded request,
 *   4. map thrown domain errors to `{ "error": ... }` answers (error-mapper.ts).
 * Custom metrics are published as they are counted (observability/metrics.ts).
 * Handlers stay thin: validate, call domain/store, shape the answer.
 *
 * These four steps are what middy with Powertools' injectLambdaContext did, written out: middy's core
 * imports node:stream/web for streamed responses (which API Gateway's HTTP API cannot carry) and that
 * alone cost every function about 0.8 ms of its cold start (bench/cold-load.ts).
 */
import type { Context } from 'aws-lambda';
import { Forbidden, Unauthorized } from '../domain/errors.js';
import { routeById, type RouteId } from '../routes.js';
import { logger } from '../observability/powertools.js';
import { errorAnswer } from './error-mapper.js';
import { principalFromClaims } from './principal.js';
import { toResult } from './respond.js';
import type { ApiEvent, ApiRequest, ApiResponse, ApiResult } from './types.js';

function decodeBody(event: ApiEvent): string | undefined {
  if (event.body === undefined || event.body === null) return undefined;
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

function lowerCaseKeys(headers: Record<string, string | undefined> | undefined) {
  return Object.fromEntries(Object.entries(headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
}

export function route(id: RouteId, fn: (req: ApiRequest) => Promise<ApiResponse>): (event: ApiEvent, context: Context) => Promise<ApiResult> {
  const { access } = routeById(id);
  return async (event, context) => {
    logger.refreshSampleRateCalculation();
    logger.addContext(context);
    try {
      const principal = principalFromClaims(event.requestContext?.authorizer?.jwt?.claims);
      logger.appendKeys({ route: id, requestId: event.requestContext?.requestId, userId: principal?.username });
      if (access !== 'public') {
        if (!principal) throw new Unauthorized();
        if (access !== 'signed-in' && !principal.roles.some((r) => access.includes(r))) throw new Forbidden();
      }
      const req: ApiRequest = {
        principal,
        params: event.pathParameters ?? {},
        query: event.queryStringParameters ?? {},
        headers: lowerCaseKeys(event.headers),
        body: decodeBody(event),
        event,
      };
      return toResult(await fn(req));
    } catch (error) {
      return errorAnswer(error); // logged while the request's keys are still on the logger
    } finally {
      logger.resetKeys();
    }
  };
}

/** The caller on a route whose access is not 'public' (the wrapper has already checked). */
export function callerOf(req: ApiRequest) {
  if (!req.principal) throw new Unauthorized();
  return req.principal;
}
