import { describe, expect, it } from 'vitest';
import { isDependencyUnavailable } from './unavailable.js';

const named = (name: string, extra: Record<string, unknown> = {}) => Object.assign(new Error('x'), { name }, extra);

describe('isDependencyUnavailable', () => {
  it.each([
    ['DynamoDB throttling', named('ProvisionedThroughputExceededException', { $fault: 'client', $metadata: { httpStatusCode: 400 } })],
    ['a DynamoDB 500', named('InternalServerError', { $fault: 'server', $metadata: { httpStatusCode: 500 } })],
    ['an S3 500 from the object client', named('InternalError', { status: 500 })],
    ['S3 SlowDown', named('SlowDown', { status: 503 })],
    ['a connection reset', Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })],
  ])('%s is a dependency failure', (_name, error) => {
    expect(isDependencyUnavailable(error)).toBe(true);
  });

  it.each([
    ['a failed condition', named('ConditionalCheckFailedException', { $fault: 'client', $metadata: { httpStatusCode: 400 } })],
    ['a validation error of ours', named('ValidationException', { $fault: 'client', $metadata: { httpStatusCode: 400 } })],
    ['a programming error', new TypeError('x is undefined')],
    ['not an error', 'boom'],
  ])('%s is not', (_name, error) => {
    expect(isDependencyUnavailable(error)).toBe(false);
  });
});
