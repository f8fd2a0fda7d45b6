import { describe, expect, it } from 'vitest';
import { judgeLambdaConcurrency, judgeWebAcl, RECOMMENDED_LAMBDA_CONCURRENCY, webAclName } from './account.js';

describe('Lambda concurrency quota', () => {
  it("passes the default regional quota, fails a new account's low one with the request command", () => {
    expect(RECOMMENDED_LAMBDA_CONCURRENCY).toBe(1000);
    expect(judgeLambdaConcurrency('eu-west-1', { ConcurrentExecutions: 1000, UnreservedConcurrentExecutions: 1000 })).toMatchObject({
      status: 'pass',
      found: expect.stringMatching(/^1,000 concurrent executions in eu-west-1, at least/),
    });
    const low = judgeLambdaConcurrency('eu-west-1', { ConcurrentExecutions: 10, UnreservedConcurrentExecutions: 10 });
    expect(low).toMatchObject({ status: 'fail', found: expect.stringMatching(/^10 concurrent executions/) });
    expect(low.fix).toContain('aws service-quotas request-service-quota-increase --service-code lambda --quota-code L-B99A9384 --desired-value 1000 --region eu-west-1');
    expect(judgeLambdaConcurrency('eu-west-1', { ConcurrentExecutions: 2000, UnreservedConcurrentExecutions: 1900 }).found).toMatch(/1,900 unreserved/);
    expect(judgeLambdaConcurrency('eu-west-1', undefined).status).toBe('fail');
  });
});

describe('WAF on the distribution', () => {
  const arn = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/portal-prod-web/a1b2c3d4-5678-90ab-cdef-EXAMPLE11111';

  it('passes a distribution with a web ACL and names it; fails one without', () => {
    expect(webAclName(arn)).toBe('portal-prod-web');
    expect(judgeWebAcl('E2QWRUHAPOMQZL', arn, 'prod')).toMatchObject({ status: 'pass', found: 'distribution E2QWRUHAPOMQZL is protected by web ACL portal-prod-web' });
    expect(judgeWebAcl('E2QWRUHAPOMQZL', arn, 'prod', arn).found).toMatch(/, the one of Portal-prod-Waf$/);
    expect(judgeWebAcl('E2QWRUHAPOMQZL', arn, 'prod', 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/portal-prod/x9').found).toMatch(/not Portal-prod-Waf's portal-prod/);
    expect(judgeWebAcl('E2QWRUHAPOMQZL', '', 'prod')).toMatchObject({ status: 'fail', fix: expect.stringContaining('aws cloudfront get-distribution-config --id E2QWRUHAPOMQZL') });
  });
});
