import { describe, expect, it } from 'vitest';
import { credentialsResult, describeError, exitCodeOf, fail, formatResult, guarded, isCredentialsError, pass, skip } from './check.js';

const named = (name: string, message: string) => Object.assign(new Error(message), { name });

describe('doctor lines', () => {
  it('prints one line per check: symbol, name, what was found, and the fix only on failure', () => {
    expect(formatResult(pass('WAF', 'web ACL portal-prod'))).toBe('✓ WAF: web ACL portal-prod');
    expect(formatResult(skip('SES identity', '(AWS only)'))).toBe('– SES identity: (AWS only)');
    expect(formatResult(fail('Alarm topic subscribers', 'no subscriber', 'aws sns subscribe …'))).toBe('✗ Alarm topic subscribers: no subscriber → fix: aws sns subscribe …');
    expect(formatResult(fail('x', 'two\n  lines', 'a\nb'))).not.toContain('\n');
  });

  it('fails the run only when a check failed: skips do not', () => {
    expect(exitCodeOf([pass('a', ''), skip('b', '')])).toBe(0);
    expect(exitCodeOf([pass('a', ''), fail('b', '', '')])).toBe(1);
    expect(exitCodeOf([])).toBe(0);
  });

  it('tells missing or expired credentials and a missing region apart from other errors', () => {
    expect(isCredentialsError(named('CredentialsProviderError', 'Could not load credentials from any providers'))).toBe(true);
    expect(isCredentialsError(named('ExpiredTokenException', 'The security token included in the request is expired'))).toBe(true);
    expect(isCredentialsError(new Error('Region is missing'))).toBe(true);
    expect(isCredentialsError(named('AccessDeniedException', 'not authorized to perform: secretsmanager:GetSecretValue'))).toBe(false);
    expect(isCredentialsError('a string')).toBe(false);
    expect(formatResult(credentialsResult(new Error('Region is missing')))).toMatch(/^✗ AWS credentials: no region configured → fix: .*AWS_PROFILE=.*aws sso login/);
  });

  it('names the error and the network cause of a failed fetch', () => {
    const refused = Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3000'), { code: 'ECONNREFUSED' }) });
    expect(describeError(refused)).toBe('TypeError: fetch failed (ECONNREFUSED)');
    expect(describeError(new Error('plain'))).toBe('plain');
  });

  it('turns a throw into a failed line, with the permission hint for AccessDenied, but lets credentials errors stop the run', async () => {
    const denied = await guarded('Stripe secret', 'deploy', () => Promise.reject(named('AccessDeniedException', 'no GetSecretValue')));
    expect(denied).toMatchObject({ status: 'fail', found: 'AccessDeniedException: no GetSecretValue', fix: expect.stringMatching(/credentials that may read this/) });
    expect(await guarded('x', 'the fix', () => Promise.reject(new Error('boom')))).toMatchObject({ status: 'fail', fix: 'the fix' });
    await expect(guarded('x', 'f', () => Promise.reject(named('CredentialsProviderError', 'none')))).rejects.toThrow('none');
  });
});
