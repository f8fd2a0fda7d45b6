/**
 * `npm run doctor -- --stage <stage>`: reads a deployed stage with the shell's AWS credentials and
 * judges it with the pure functions beside this file. Every call here describes, lists or reads, except
 * SetAlarmState under --send-test-alarm. The calls are kept thin on purpose: what an answer means is
 * decided (and unit-tested) in the judge* functions, never here.
 */
import { CloudFormationClient, DescribeStacksCommand, paginateListStackResources, type Stack } from '@aws-sdk/client-cloudformation';
import { CloudFrontClient, GetDistributionCommand } from '@aws-sdk/client-cloudfront';
import { CloudWatchClient, DescribeAlarmsCommand, SetAlarmStateCommand, type MetricAlarm } from '@aws-sdk/client-cloudwatch';
import { CognitoIdentityProviderClient, DescribeUserPoolCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetAccountSettingsCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { GetAccountCommand, GetEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { GetTopicAttributesCommand, paginateListSubscriptionsByTopic, SNSClient, type Subscription } from '@aws-sdk/client-sns';
import Stripe from 'stripe';
import type { StageName } from '../stage.js';
import { required } from '../../lambdas/domain/required.js';
import { judgeLambdaConcurrency, judgeWebAcl } from './account.js';
import { isConfirmed, judgeSubscriptions, judgeTopicPolicy, pickTestAlarm, TEST_ALARM_REASON } from './alarms.js';
import { fail, guarded, pass, skip, type CheckResult } from './check.js';
import { judgePoolSender, judgeSesAccount, judgeSesIdentity, poolSender, skipSesAccount } from './email.js';
import { checkRuntimeConfig, checkUnauthenticated } from './http.js';
import { collectOutputs, judgeStacks, originOf, outputValue, STACK_PARTS, STACK_REGION, stackName, type StackOutput, type StackPart } from './outputs.js';
import { isPlaceholderKey, judgeStripeSecret, judgeWebhookEndpoints, keyMode, publishableKeyOf, webhookUrlFor, type WebhookEndpointInfo } from './stripe.js';

export interface CloudOptions {
  readonly stage: StageName;
  /** Else the shell's (AWS_REGION / profile), as `cdk deploy` uses. */
  readonly region?: string;
  readonly sendTestAlarm: boolean;
}

const isMissingStack = (error: unknown) => (error as Error).name === 'ValidationError' && /does not exist/.test((error as Error).message);

/**
 * DescribeStacks of each stack of the stage, each in its own region (the WAF's is us-east-1); a stack
 * that does not exist is listed, not thrown.
 */
async function describeStage(client: (part: StackPart) => CloudFormationClient, stage: string): Promise<{ found: Stack[]; missing: string[] }> {
  const answers = await Promise.all(
    STACK_PARTS.map(async (part) => {
      const name = stackName(stage, part);
      try {
        return (await client(part).send(new DescribeStacksCommand({ StackName: name }))).Stacks?.[0] ?? name;
      } catch (error) {
        if (isMissingStack(error)) return name;
        throw error;
      }
    }),
  );
  return { found: answers.filter((a): a is Stack => typeof a !== 'string'), missing: answers.filter((a): a is string => typeof a === 'string') };
}

/** Physical ids of a stack's resources of one type: the fallback when an output is not there (yet). */
async function physicalIds(cf: CloudFormationClient, stack: string, type: string): Promise<string[]> {
  const ids: string[] = [];
  try {
    for await (const page of paginateListStackResources({ client: cf }, { StackName: stack })) {
      for (const r of page.StackResourceSummaries ?? []) if (r.ResourceType === type && r.PhysicalResourceId) ids.push(r.PhysicalResourceId);
    }
  } catch (error) {
    if (!isMissingStack(error)) throw error;
  }
  return ids;
}

const storedSecretKey = (secretString: string | undefined): string | undefined => {
  try {
    const key = (JSON.parse(secretString ?? '') as { secretKey?: unknown }).secretKey;
    return typeof key === 'string' ? key : undefined;
  } catch {
    return undefined;
  }
};

export async function runCloudChecks(opts: CloudOptions, report: (result: CheckResult) => void): Promise<CheckResult[]> {
  const { stage } = opts;
  const results: CheckResult[] = [];
  const add = (result: CheckResult) => {
    results.push(result);
    report(result);
    return result;
  };
  const clientConfig = opts.region ? { region: opts.region } : {};
  const cf = new CloudFormationClient(clientConfig);
  const region = await cf.config.region();
  const cfIn = (part: StackPart) => {
    const other = STACK_REGION[part];
    return other && other !== region ? new CloudFormationClient({ ...clientConfig, region: other }) : cf;
  };
  const deploy = `npm run build:web && npx cdk deploy --all -c stage=${stage}`;

  // 1. the stacks, and their outputs (a credentials problem surfaces here and stops the run)
  const { found, missing } = await describeStage(cfIn, stage);
  add(judgeStacks(stage, found, missing));
  const outputs: StackOutput[] = collectOutputs(found);
  const resource = async (name: Parameters<typeof outputValue>[1], part: StackPart, type: string) =>
    outputValue(outputs, name) ?? (await physicalIds(cfIn(part), stackName(stage, part), type))[0];

  // 2. what the browser loads, through CloudFront
  const distributionUrl = outputValue(outputs, 'distributionUrl');
  const origin = distributionUrl ? originOf(distributionUrl) : undefined;
  let publishableKey: string | undefined;
  if (origin) {
    const { result, body } = await checkRuntimeConfig(origin, `deploy the web stack (${deploy})`);
    add(result);
    publishableKey = body ? publishableKeyOf(body) : undefined;
  } else {
    add(fail('Runtime config', `${stackName(stage, 'Web')} has no DistributionUrl output`, deploy));
  }

  // 3. the Stripe secret, then Stripe's own record of the webhook endpoint (with the stored key)
  let secretKey: string | undefined;
  add(
    await guarded('Stripe secret', deploy, async () => {
      const arn = await resource('stripeSecretArn', 'Data', 'AWS::SecretsManager::Secret');
      if (!arn) return fail('Stripe secret', `no output naming the Stripe secret in ${stackName(stage, 'Data')}`, deploy);
      const secret = await new SecretsManagerClient(clientConfig).send(new GetSecretValueCommand({ SecretId: arn }));
      // the webhook check below can use any real secret key, even one of the wrong mode
      const stored = storedSecretKey(secret.SecretString);
      if (stored && keyMode(stored) && !isPlaceholderKey(stored) && !stored.startsWith('pk_')) secretKey = stored;
      return judgeStripeSecret(secret.SecretString, publishableKey, arn);
    }),
  );

  add(
    await guarded('Stripe webhook endpoint', 'check the key and the endpoint in the Stripe dashboard → Developers → Webhooks', async () => {
      const mode = keyMode(secretKey);
      if (!secretKey || !mode) return skip('Stripe webhook endpoint', 'needs a real secret key (see Stripe secret)');
      if (!origin) return skip('Stripe webhook endpoint', 'needs the distribution URL (see Runtime config)');
      const stripe = new Stripe(secretKey, { maxNetworkRetries: 1, timeout: 10_000 });
      let endpoints: WebhookEndpointInfo[];
      try {
        endpoints = await stripe.webhookEndpoints.list({ limit: 100 }).autoPagingToArray({ limit: 1000 });
      } catch (error) {
        const type = (error as { type?: string }).type;
        if (type === 'StripeAuthenticationError')
          return fail('Stripe webhook endpoint', 'Stripe refuses the stored secret key (deleted or rolled?)', 'store the current key: see the fix of Stripe secret');
        if (type === 'StripePermissionError')
          return fail(
            'Stripe webhook endpoint',
            'the stored restricted key may not read webhook endpoints',
            'give the restricted key "Webhook Endpoints: Read" in the Stripe dashboard → Developers → API keys, or check the endpoint there yourself',
          );
        throw error;
      }
      return judgeWebhookEndpoints(endpoints, webhookUrlFor(origin), mode);
    }),
  );

  // 4. the API refuses a call without a token, through the same origin
  if (origin) add(await checkUnauthenticated(origin));
  else add(skip('API refuses calls without a token', 'needs the distribution URL (see Runtime config)'));

  // 5. alarms reach a person
  const sns = new SNSClient(clientConfig);
  const topicArn = await resource('alarmTopicArn', 'Ops', 'AWS::SNS::Topic');
  let confirmed = 0;
  add(
    await guarded('Alarm topic subscribers', deploy, async () => {
      if (!topicArn) return fail('Alarm topic subscribers', `no alarm topic in ${stackName(stage, 'Ops')}`, deploy);
      const subscriptions: Subscription[] = [];
      for await (const page of paginateListSubscriptionsByTopic({ client: sns }, { TopicArn: topicArn })) subscriptions.push(...(page.Subscriptions ?? []));
      confirmed = subscriptions.filter(isConfirmed).length;
      return judgeSubscriptions(subscriptions, topicArn, stage);
    }),
  );
  add(
    await guarded('Alarm topic policy', deploy, async () => {
      if (!topicArn) return skip('Alarm topic policy', 'no alarm topic (see above)');
      const attributes = await sns.send(new GetTopicAttributesCommand({ TopicArn: topicArn }));
      return judgeTopicPolicy(attributes.Attributes?.Policy, topicArn, stage);
    }),
  );
  add(
    await guarded('Test alarm', 'aws cloudwatch set-alarm-state --alarm-name <an alarm of the ops stack> --state-value ALARM --state-reason test', async () => {
      if (!opts.sendTestAlarm) return skip('Test alarm', 'not sent (add --send-test-alarm to send one through the topic)');
      if (!topicArn) return skip('Test alarm', 'no alarm topic (see above)');
      const cloudwatch = new CloudWatchClient(clientConfig);
      const describe = async (names: readonly string[]) => {
        const alarms: MetricAlarm[] = [];
        for (let i = 0; i < names.length; i += 100) {
          alarms.push(...((await cloudwatch.send(new DescribeAlarmsCommand({ AlarmNames: names.slice(i, i + 100), AlarmTypes: ['MetricAlarm'] }))).MetricAlarms ?? []));
        }
        return alarms;
      };
      // the alarm the ops stack names for this (TestAlarmName), else any of its alarms that can notify
      const designated = outputValue(outputs, 'testAlarmName');
      const names = await physicalIds(cf, stackName(stage, 'Ops'), 'AWS::CloudWatch::Alarm');
      const alarms = [...(designated ? await describe([designated]) : []), ...(await describe(names.filter((n) => n !== designated)))];
      const alarm = pickTestAlarm(alarms, topicArn, designated);
      if (!alarm)
        return fail('Test alarm', `none of the ${alarms.length} alarms notifies ${topicArn} from a state other than ALARM`, `wait until the alarms are back to OK, or ${deploy}`);
      await cloudwatch.send(new SetAlarmStateCommand({ AlarmName: alarm.AlarmName, StateValue: 'ALARM', StateReason: TEST_ALARM_REASON }));
      return pass('Test alarm', `set ${alarm.AlarmName} to ALARM: ${confirmed} confirmed subscriber(s) should get the mail within a minute; CloudWatch sets it back on its own`);
    }),
  );

  // 6. mail through SES
  const userPoolId = outputValue(outputs, 'userPoolId');
  const sesResults = await (async (): Promise<CheckResult[]> => {
    try {
      if (!userPoolId) return [fail('SES identity', `no UserPoolId output in ${stackName(stage, 'Auth')}`, deploy), skipSesAccount('needs the user pool (see above)')];
      const pool = await new CognitoIdentityProviderClient(clientConfig).send(new DescribeUserPoolCommand({ UserPoolId: userPoolId }));
      const sender = poolSender(pool.UserPool?.EmailConfiguration);
      if (sender.kind !== 'ses') {
        // judgePoolSender fails every sender but SES
        return [required(judgePoolSender(sender, stage), 'the SES identity check of a non-SES sender'), skipSesAccount('the pool does not send through SES (see above)')];
      }
      const sesRegion = sender.region ?? region;
      const ses = new SESv2Client({ ...clientConfig, region: sesRegion });
      const identity = await ses.send(new GetEmailIdentityCommand({ EmailIdentity: sender.identity })).catch((error: Error) => {
        if (error.name === 'NotFoundException') return null;
        throw error;
      });
      const account = await guarded('SES production access', 'SES console → Account dashboard', async () => judgeSesAccount(sesRegion, await ses.send(new GetAccountCommand({}))));
      return [judgeSesIdentity(sender.identity, sesRegion, identity), account];
    } catch (error) {
      return [await guarded('SES identity', 'SES console → Identities', () => Promise.reject(error)), skipSesAccount('not checked (see above)')];
    }
  })();
  sesResults.forEach(add);

  // 7. the WAF in front of the distribution
  add(
    await guarded('WAF on the distribution', deploy, async () => {
      const distributionId = await resource('distributionId', 'Web', 'AWS::CloudFront::Distribution');
      if (!distributionId) return fail('WAF on the distribution', `no distribution in ${stackName(stage, 'Web')}`, deploy);
      const answer = await new CloudFrontClient({ ...clientConfig, region: 'us-east-1' }).send(new GetDistributionCommand({ Id: distributionId }));
      return judgeWebAcl(distributionId, answer.Distribution?.DistributionConfig?.WebACLId, stage, outputValue(outputs, 'webAclArn'));
    }),
  );

  // 8. the account's Lambda concurrency
  add(
    await guarded('Lambda concurrency quota', `aws lambda get-account-settings --region ${region}`, async () => {
      const settings = await new LambdaClient(clientConfig).send(new GetAccountSettingsCommand({}));
      return judgeLambdaConcurrency(region, settings.AccountLimit);
    }),
  );

  return results;
}
