/**
 * Invokes a route's handler as Lambda behind API Gateway would: the event and the response are held
 * to Lambda's 6 MB, the function to its configured timeout, the whole integration to API Gateway's
 * 30 s; each failure is API Gateway's own answer (gateway-answers.ts), never the handler's half-work.
 * Unlike Lambda, a timed-out handler cannot be frozen here: it runs on in the background and its
 * result is dropped (README, "Local vs cloud").
 */
import type { ApiEvent, ApiResult } from '../../lambdas/http/types.js';
import { INTEGRATION_TIMEOUT_SECONDS, internalServerError, LAMBDA_PAYLOAD_LIMIT_BYTES, serviceUnavailable, type GatewayAnswer } from './gateway-answers.js';

export type Handler = (event: ApiEvent, context: LambdaContext) => Promise<ApiResult>;

export interface LambdaContext {
  awsRequestId: string;
  functionName: string;
  getRemainingTimeInMillis(): number;
}

export type Invocation = { kind: 'result'; result: ApiResult } | { kind: 'gateway'; answer: GatewayAnswer };

const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value ?? null), 'utf8');

export async function invoke(handler: Handler, event: ApiEvent, opts: { functionName: string; timeoutSeconds: number; log?: (message: string) => void }): Promise<Invocation> {
  const log = opts.log ?? ((message) => console.error(message));
  if (jsonBytes(event) > LAMBDA_PAYLOAD_LIMIT_BYTES) {
    log(`[gateway] ${opts.functionName}: request payload over Lambda's 6 MB, not invoked`);
    return { kind: 'gateway', answer: internalServerError() };
  }
  // The function's own timeout ends it first unless it is 30 s or more; then API Gateway gives up.
  const functionLimited = opts.timeoutSeconds < INTEGRATION_TIMEOUT_SECONDS;
  const limitMs = Math.min(opts.timeoutSeconds, INTEGRATION_TIMEOUT_SECONDS) * 1000;
  const deadline = Date.now() + opts.timeoutSeconds * 1000;
  const context: LambdaContext = {
    awsRequestId: event.requestContext.requestId,
    functionName: opts.functionName,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
  };

  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), limitMs);
  });
  const running = Promise.resolve().then(() => handler(event, context));
  let outcome: ApiResult | 'timeout';
  try {
    outcome = await Promise.race([running, timedOut]);
  } catch (error) {
    log(`[gateway] ${opts.functionName} failed: ${(error as Error)?.stack ?? String(error)}`);
    return { kind: 'gateway', answer: internalServerError() };
  } finally {
    clearTimeout(timer);
  }
  if (outcome === 'timeout') {
    // what the handler does later is nobody's answer; its rejection must not crash the stack
    running.catch(() => {});
    log(`[gateway] ${opts.functionName} timed out after ${limitMs / 1000} s`);
    return { kind: 'gateway', answer: functionLimited ? internalServerError() : serviceUnavailable() };
  }
  if (jsonBytes(outcome) > LAMBDA_PAYLOAD_LIMIT_BYTES) {
    log(`[gateway] ${opts.functionName}: response over Lambda's 6 MB`);
    return { kind: 'gateway', answer: internalServerError() };
  }
  return { kind: 'result', result: outcome };
}
