/**
 * Account- and edge-level settings a deployment does not create itself: the WAF web ACL on the
 * distribution, and the account's Lambda concurrency quota. Pure judgements; the calls are in cloud.ts.
 */
import { fail, pass, type CheckResult } from './check.js';

/**
 * The account-wide Lambda concurrency README asks for. Lambda's default is 1,000 per region, but
 * "new AWS accounts have reduced concurrency and memory quotas"
 * (https://docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html), seen as low as 10: a
 * handful of students opening their bill at once would then be throttled (429) at term start.
 */
export const RECOMMENDED_LAMBDA_CONCURRENCY = 1000;
/** Service Quotas' code of "Concurrent executions" (AWS Lambda). */
export const LAMBDA_CONCURRENCY_QUOTA_CODE = 'L-B99A9384';

const QUOTA = 'Lambda concurrency quota';

/** Lambda GetAccountSettings: AccountLimit.ConcurrentExecutions (and the unreserved part of it). */
export function judgeLambdaConcurrency(region: string, limit: { ConcurrentExecutions?: number; UnreservedConcurrentExecutions?: number } | undefined): CheckResult {
  const total = limit?.ConcurrentExecutions;
  if (total === undefined) return fail(QUOTA, `Lambda did not say (${region})`, `aws lambda get-account-settings --region ${region}`);
  const unreserved = limit?.UnreservedConcurrentExecutions;
  const found = `${total.toLocaleString('en-US')} concurrent executions in ${region}${unreserved !== undefined && unreserved !== total ? ` (${unreserved.toLocaleString('en-US')} unreserved)` : ''}`;
  if (total >= RECOMMENDED_LAMBDA_CONCURRENCY) return pass(QUOTA, `${found}, at least the ${RECOMMENDED_LAMBDA_CONCURRENCY.toLocaleString('en-US')} README recommends`);
  return fail(
    QUOTA,
    `${found}, below the ${RECOMMENDED_LAMBDA_CONCURRENCY.toLocaleString('en-US')} README recommends (new accounts start low)`,
    `Service Quotas console (${region}) → AWS Lambda → Concurrent executions → Request increase to ${RECOMMENDED_LAMBDA_CONCURRENCY}, or aws service-quotas request-service-quota-increase --service-code lambda --quota-code ${LAMBDA_CONCURRENCY_QUOTA_CODE} --desired-value ${RECOMMENDED_LAMBDA_CONCURRENCY} --region ${region}`,
  );
}

const WAF = 'WAF on the distribution';

/** The name of a WAFv2 web ACL from its ARN (`arn:aws:wafv2:us-east-1:<account>:global/webacl/<name>/<id>`). */
export const webAclName = (arn: string) => /\/webacl\/([^/]+)\//.exec(arn)?.[1] ?? arn;

/** CloudFront GetDistribution → DistributionConfig.WebACLId: empty when no web ACL is associated. */
export function judgeWebAcl(distributionId: string, webAclId: string | undefined, stage: string, stageWebAclArn?: string): CheckResult {
  if (webAclId) {
    const whose =
      stageWebAclArn === undefined
        ? ''
        : webAclId === stageWebAclArn
          ? `, the one of Portal-${stage}-Waf`
          : ` (not Portal-${stage}-Waf's ${webAclName(stageWebAclArn)}: a later deploy of the web stack puts that one back)`;
    return pass(WAF, `distribution ${distributionId} is protected by web ACL ${webAclName(webAclId)}${whose}`);
  }
  return fail(
    WAF,
    `distribution ${distributionId} has no web ACL: no rate limits or managed rules in front of sign-in`,
    `deploy the stage again, which associates the portal's web ACL (npx cdk deploy --all -c stage=${stage}); check with aws cloudfront get-distribution-config --id ${distributionId} --query DistributionConfig.WebACLId`,
  );
}
