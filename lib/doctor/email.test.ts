import { describe, expect, it } from 'vitest';
import { addressOf, judgePoolSender, judgeSesAccount, judgeSesIdentity, poolSender } from './email.js';

describe("who sends the user pool's mail", () => {
  it('reads the SES identity and its region from SourceArn', () => {
    const sender = poolSender({
      EmailSendingAccount: 'DEVELOPER',
      From: 'Student Portal <no-reply@school.edu>',
      SourceArn: 'arn:aws:ses:us-east-1:123456789012:identity/school.edu',
    });
    expect(sender).toEqual({ kind: 'ses', from: 'Student Portal <no-reply@school.edu>', identity: 'school.edu', region: 'us-east-1' });
    expect(judgePoolSender(sender, 'prod')).toBeNull();
  });

  it('falls back to the From domain when there is no SourceArn', () => {
    expect(poolSender({ EmailSendingAccount: 'DEVELOPER', From: 'no-reply@Mail.School.edu' })).toMatchObject({ identity: 'mail.school.edu', region: undefined });
    expect(addressOf('no-reply@school.edu')).toBe('no-reply@school.edu');
  });

  it("fails Cognito's default sender, pointing at emailFrom", () => {
    expect(poolSender({ EmailSendingAccount: 'COGNITO_DEFAULT' })).toEqual({ kind: 'cognito-default' });
    expect(poolSender(undefined)).toEqual({ kind: 'cognito-default' });
    expect(judgePoolSender({ kind: 'cognito-default' }, 'prod')).toMatchObject({ status: 'fail', fix: expect.stringMatching(/-c emailFrom=/) });
  });
});

describe('SES', () => {
  it('passes a verified identity, fails a pending or absent one with the DNS step', () => {
    expect(judgeSesIdentity('school.edu', 'eu-west-1', { VerifiedForSendingStatus: true, VerificationStatus: 'SUCCESS' })).toMatchObject({
      status: 'pass',
      found: 'school.edu verified for sending (eu-west-1)',
    });
    expect(judgeSesIdentity('school.edu', 'eu-west-1', { VerifiedForSendingStatus: false, VerificationStatus: 'PENDING' })).toMatchObject({
      status: 'fail',
      found: expect.stringMatching(/PENDING/),
      fix: expect.stringMatching(/DKIM CNAME/),
    });
    expect(judgeSesIdentity('school.edu', 'eu-west-1', null)).toMatchObject({
      status: 'fail',
      fix: expect.stringContaining('aws sesv2 create-email-identity --email-identity school.edu --region eu-west-1'),
    });
  });

  it('fails the sandbox and a paused account; passes production access with its quota', () => {
    expect(judgeSesAccount('eu-west-1', { ProductionAccessEnabled: false, SendingEnabled: true })).toMatchObject({
      status: 'fail',
      found: expect.stringMatching(/SES sandbox/),
      fix: expect.stringMatching(/Request production access/),
    });
    expect(judgeSesAccount('eu-west-1', { ProductionAccessEnabled: true, SendingEnabled: false, EnforcementStatus: 'SHUTDOWN' })).toMatchObject({
      status: 'fail',
      found: expect.stringMatching(/SHUTDOWN/),
    });
    expect(judgeSesAccount('eu-west-1', { ProductionAccessEnabled: true, SendingEnabled: true, SendQuota: { Max24HourSend: 50000 } })).toMatchObject({
      status: 'pass',
      found: 'production access in eu-west-1, 50,000 mails per 24 hours',
    });
  });
});
