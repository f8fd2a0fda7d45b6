/**
 * Structured logs (AWS Lambda Powertools Logger), one instance per container: JSON with the request
 * id, the route and the caller. POWERTOOLS_LOG_LEVEL tunes it per environment. Custom metrics are in
 * metrics.ts, so only the routes that count something bundle Powertools Metrics.
 */
import { Logger } from '@aws-lambda-powertools/logger';

export const logger = new Logger({ serviceName: 'portal' });
