/**
 * Whether Cognito's invitations and password mails can reach people: the user pool sends through SES
 * (not Cognito's default sender, which allows only a few mails a day), from an identity SES has
 * verified, in an account out of the SES sandbox (which sends only to verified addresses). Pure
 * judgements; DescribeUserPool and the SES v2 calls are in cloud.ts.
 */
import { fail, pass, skip, type CheckResult } from './check.js';

/** The user pool's EmailConfiguration (Cognito DescribeUserPool). */
export interface PoolEmailConfiguration {
  readonly EmailSendingAccount?: string;
  readonly From?: string;
  readonly SourceArn?: string;
}

export type PoolSender = { kind: 'cognito-default' } | { kind: 'ses'; from: string; identity: string; region: string | undefined };

/** The address of a From header: `Portal <no-reply@school.edu>` or `no-reply@school.edu`. */
export function addressOf(from: string): string {
  return (/<([^>]+)>/.exec(from)?.[1] ?? from).trim();
}

export const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();

/**
 * Who sends the pool's mail. The SES identity is the one SourceArn names
 * (`arn:aws:ses:<region>:<account>:identity/<domain or address>`, in the region Cognito sends from,
 * https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference/API_EmailConfigurationType.html),
 * else the domain of the From address.
 */
export function poolSender(config: PoolEmailConfiguration | undefined): PoolSender {
  if (config?.EmailSendingAccount !== 'DEVELOPER') return { kind: 'cognito-default' };
  const arn = /^arn:aws[\w-]*:ses:([a-z0-9-]+):\d*:identity\/(.+)$/.exec(config.SourceArn ?? '');
  const from = config.From ?? '';
  const identity = arn?.[2] ?? (from ? domainOf(addressOf(from)) : '');
  return { kind: 'ses', from, identity, region: arn?.[1] };
}

const IDENTITY = 'SES identity';
const ACCOUNT = 'SES production access';

export function judgePoolSender(sender: PoolSender, stage: string): CheckResult | null {
  if (sender.kind === 'ses') return null;
  return fail(
    IDENTITY,
    "the user pool sends with Cognito's default sender (a few mails a day: invitations stop partway through an import)",
    `deploy with -c emailFrom=no-reply@<your verified domain> (npx cdk deploy --all -c stage=${stage}); see README "Email (SES)"`,
  );
}

/** SES v2 GetEmailIdentity (VerifiedForSendingStatus, VerificationStatus), or null when SES has no such identity. */
export function judgeSesIdentity(identity: string, region: string, answer: { VerifiedForSendingStatus?: boolean; VerificationStatus?: string } | null): CheckResult {
  const check = `aws sesv2 get-email-identity --email-identity ${identity} --region ${region}`;
  if (!answer) {
    return fail(
      IDENTITY,
      `${identity} is not an identity in SES (${region})`,
      `aws sesv2 create-email-identity --email-identity ${identity} --region ${region}, add the three DKIM CNAME records it prints to the domain's DNS, then wait for ${check} to say SUCCESS`,
    );
  }
  if (answer.VerifiedForSendingStatus) return pass(IDENTITY, `${identity} verified for sending (${region})`);
  return fail(
    IDENTITY,
    `${identity} is not verified for sending (${answer.VerificationStatus ?? 'status unknown'}, ${region})`,
    `SES console (${region}) → Identities → ${identity} → publish the DKIM CNAME records shown there in the domain's DNS; verification follows within hours (${check})`,
  );
}

export function skipSesAccount(reason: string): CheckResult {
  return skip(ACCOUNT, reason);
}

/** SES v2 GetAccount: out of the sandbox, sending enabled, not under enforcement. */
export function judgeSesAccount(
  region: string,
  answer: { ProductionAccessEnabled?: boolean; SendingEnabled?: boolean; EnforcementStatus?: string; SendQuota?: { Max24HourSend?: number } },
): CheckResult {
  if (answer.SendingEnabled === false) {
    return fail(
      ACCOUNT,
      `sending is paused for this account in ${region} (enforcement status ${answer.EnforcementStatus ?? 'unknown'})`,
      `SES console (${region}) → Account dashboard: read the reason, correct it, and ask AWS to resume sending`,
    );
  }
  if (!answer.ProductionAccessEnabled) {
    return fail(
      ACCOUNT,
      `the account is in the SES sandbox in ${region}: mail goes only to verified addresses, at most 200 a day`,
      `SES console (${region}) → Account dashboard → Request production access (mail type Transactional, the portal's URL, "account invitations and password resets for our students and staff"); AWS answers within a day`,
    );
  }
  const quota = answer.SendQuota?.Max24HourSend;
  return pass(ACCOUNT, `production access in ${region}${quota ? `, ${quota.toLocaleString('en-US')} mails per 24 hours` : ''}`);
}
