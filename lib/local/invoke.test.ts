/**
 * What API Gateway answers when the Lambda behind it fails (invoke.ts): an unhandled error, a function
 * past its timeout, a request or response over Lambda's 6 MB; and the time left a handler is told.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ApiEvent, ApiResult } from '../../lambdas/http/types.js';
import { routeById, routeTimeoutSeconds } from '../../lambdas/routes.js';
import { INTEGRATION_TIMEOUT_SECONDS } from './gateway-answers.js';
import { invoke, type Handler } from './invoke.js';

const event = (body?: string) => ({ body, requestContext: { requestId: 'r-1' } }) as unknown as ApiEvent;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quiet = () => {};
const ok: ApiResult = { statusCode: 200, body: '{"ok":true}' };
const run = (handler: Handler, timeoutSeconds = 10, body?: string) => invoke(handler, event(body), { functionName: 'f', timeoutSeconds, log: quiet });
const gatewayAnswer = (status: number, message: string) => ({
  kind: 'gateway',
  answer: { status, body: JSON.stringify({ message }), headers: { 'content-type': 'application/json' } },
});

describe('invoking a handler as Lambda behind API Gateway', () => {
  it("passes the handler's result through, with the time it has left counting down from its timeout", async () => {
    let left = 0;
    expect(
      await run(async (_e, context) => {
        left = context.getRemainingTimeInMillis();
        return ok;
      }, 7),
    ).toEqual({ kind: 'result', result: ok });
    expect(left).toBeGreaterThan(6_900);
    expect(left).toBeLessThanOrEqual(7_000);
  });

  it('answers an unhandled error 500 {"message":"Internal Server Error"}', async () => {
    expect(
      await run(async () => {
        throw new Error('boom');
      }),
    ).toEqual(gatewayAnswer(500, 'Internal Server Error'));
  });

  it('answers a function past its timeout 500 {"message":"Internal Server Error"}, and ignores what it does later', async () => {
    const started = Date.now();
    const slow: Handler = async () => {
      await sleep(400);
      throw new Error('too late to matter');
    };
    expect(await run(slow, 0.1)).toEqual(gatewayAnswer(500, 'Internal Server Error'));
    expect(Date.now() - started).toBeLessThan(350);
    await sleep(450); // its late rejection must not surface as an unhandled one
  });

  it('answers 503 {"message":"Service Unavailable"} when the integration, not the function, runs out (30 s)', async () => {
    expect(INTEGRATION_TIMEOUT_SECONDS).toBe(30);
    // a function allowed 30 s or more is cut by API Gateway's 30 s (on fake timers, not waited for)
    vi.useFakeTimers();
    try {
      const pending = run(() => new Promise(() => {}), 60);
      await vi.advanceTimersByTimeAsync(30_000);
      expect(await pending).toEqual(gatewayAnswer(503, 'Service Unavailable'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers a response over 6 MB 500, and one just under passes', async () => {
    const big =
      (bytes: number): Handler =>
      async () => ({ statusCode: 200, body: 'x'.repeat(bytes) });
    expect(await run(big(6 * 1024 * 1024 + 1))).toEqual(gatewayAnswer(500, 'Internal Server Error'));
    expect((await run(big(6 * 1024 * 1024 - 100))).kind).toBe('result');
  });

  it('does not invoke at all when the event is over 6 MB (a 6-10 MB body API Gateway accepted)', async () => {
    let invoked = false;
    expect(
      await run(
        async () => {
          invoked = true;
          return ok;
        },
        10,
        'x'.repeat(7 * 1024 * 1024),
      ),
    ).toEqual(gatewayAnswer(500, 'Internal Server Error'));
    expect(invoked).toBe(false);
  });

  it("takes each route's timeout from the row the CDK reads: 10 s by default, the reconcile route 29 s", () => {
    expect(routeTimeoutSeconds(routeById('students-get'))).toBe(10);
    expect(routeTimeoutSeconds(routeById('payments-reconcile'))).toBe(29);
  });
});
