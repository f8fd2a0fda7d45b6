/**
 * The answers API Gateway (HTTP API) gives on its own, before or instead of our Lambda, byte for
 * byte as the cloud sends them: a `message` field, never our `error`. The local gateway sends these
 * and nothing else of its own on /api/*, so the SPA meets locally what it meets in AWS.
 */

export interface GatewayAnswer {
  status: number;
  body: string;
  headers: Record<string, string>;
}

const answer = (status: number, message: string, headers: Record<string, string> = {}): GatewayAnswer => ({
  status,
  body: JSON.stringify({ message }),
  headers: { 'content-type': 'application/json', ...headers },
});

/**
 * The JWT authorizer's refusal: `401 {"message":"Unauthorized"}` with a `www-authenticate` header
 * saying why, e.g. `Bearer scope="" error="invalid_token" error_description="the token does not have
 * a valid audience"` (https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-troubleshooting-jwt.html).
 * Without a token at all the header is a bare `Bearer`: RFC 6750 section 3.1 says a request with no
 * authentication information gets no error code.
 */
export function unauthorized(description?: string): GatewayAnswer {
  const challenge = description === undefined ? 'Bearer' : `Bearer scope="" error="invalid_token" error_description="${description}"`;
  return answer(401, 'Unauthorized', { 'www-authenticate': challenge });
}

/** No route matches the method and path (HTTP APIs have no 405; an unmatched method is unmatched). */
export const notFound = (): GatewayAnswer => answer(404, 'Not Found');

/** HTTP APIs take payloads up to 10 MB (https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-quotas.html). */
export const PAYLOAD_LIMIT_BYTES = 10 * 1024 * 1024;
export const payloadTooLarge = (): GatewayAnswer => answer(413, 'Request Entity Too Large');

/**
 * Any failed invocation (an unhandled error, a function that ran past its timeout, a request or
 * response over Lambda's 6 MB) is `500 {"message":"Internal Server Error"}`
 * (https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-troubleshooting-lambda.html).
 */
export const internalServerError = (): GatewayAnswer => answer(500, 'Internal Server Error');

/** Synchronous invocation payloads, request and response, are at most 6 MB (https://docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html). */
export const LAMBDA_PAYLOAD_LIMIT_BYTES = 6 * 1024 * 1024;

/** The integration did not answer within HTTP APIs' 30 s: `503 {"message":"Service Unavailable"}`. */
export const INTEGRATION_TIMEOUT_SECONDS = 30;
export const serviceUnavailable = (): GatewayAnswer => answer(503, 'Service Unavailable');
