import type { ApiResponse, ApiResult } from './types.js';

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  // answers carry personal and financial data: never cache them anywhere
  'cache-control': 'no-store',
};

export function toResult({ status = 200, body, headers }: ApiResponse): ApiResult {
  return {
    statusCode: status,
    headers: { ...JSON_HEADERS, ...headers },
    body: body === undefined ? '' : JSON.stringify(body),
  };
}

export function errorResult(status: number, message: string, extra: Record<string, unknown> = {}): ApiResult {
  return toResult({ status, body: { error: message, ...extra } });
}
