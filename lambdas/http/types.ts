import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { Principal } from './principal.js';

/** What API Gateway (HTTP API, payload 2.0, JWT authorizer) hands a Lambda; the local gateway builds the same. */
export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type ApiResult = APIGatewayProxyStructuredResultV2;

/** The request as handlers see it: decoded body, caller, and the raw event for the rare special case. */
export interface ApiRequest {
  /** Null only on public routes. */
  principal: Principal | null;
  params: Record<string, string | undefined>;
  query: Record<string, string | undefined>;
  headers: Record<string, string | undefined>;
  /** Body text (base64 already decoded), or undefined when there is none. */
  body: string | undefined;
  event: ApiEvent;
}

export interface ApiResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}
