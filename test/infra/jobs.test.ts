/**
 * The jobs stack: every row of lambdas/jobs.ts becomes a function with the row's timeout and
 * grants, and a schedule (cron, time zone, retries, dead-letter queue) or an SQS event source.
 *
 * Synthesized with bundling skipped ('aws:cdk:bundling-stacks': []): templates do not depend on the
 * bundles, the perf tier builds every job's bundle as the CDK does, and this keeps the tier fast.
 */
import { App, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, QUEUE_MAX_RECEIVE_COUNT, queueName, queueUrlVariable, SCHOOL_TIME_ZONE, type JobDef } from '../../lambdas/jobs.js';
import { routeKeyPath, routes } from '../../lambdas/routes.js';
import type { PortalApp } from '../../lib/app.js';
import { AuthStack } from '../../lib/stacks/auth-stack.js';
import { DataStack } from '../../lib/stacks/data-stack.js';
import { JobsStack } from '../../lib/stacks/jobs-stack.js';
import { STAGES, stageSettings } from '../../lib/stage.js';
import { FIXTURE_HANDLER } from '../support/fixture-handler.js';
import {
  actionsOf,
  cdkJsonContext,
  functionIdOfRoute,
  removeSynthOutputs,
  resourcesOf,
  SKIP_BUNDLING,
  stageContext,
  statementsOfFunction,
  synthOutdir,
  synthPortal,
  TEST_ENV,
  withNestedStacks,
} from './synth.js';

afterAll(removeSynthOutputs);

const rows: readonly JobDef[] = jobs;
const scheduleRows = rows.filter((j) => 'schedule' in j.trigger);
const SCHEDULED_TIME_INPUT = { scheduledTime: '<aws.scheduler.scheduled-time>' };

type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Condition?: Record<string, unknown> };

/** Logical id of a job's function (its description starts with `Job <id>:`). */
function functionIdOf(template: Template, jobId: string): string {
  const found = Object.entries(resourcesOf(template, 'AWS::Lambda::Function')).filter(([, fn]) => String(fn.Properties.Description).startsWith(`Job ${jobId}:`));
  if (found.length !== 1) throw new Error(`Expected one function for job ${jobId}, found ${found.length}`);
  return found[0]![0];
}

function scheduleOf(template: Template, jobId: string) {
  const found = Object.values(resourcesOf(template, 'AWS::Scheduler::Schedule')).filter((s) => String(s.Properties.Description).startsWith(`${jobId}:`));
  if (found.length !== 1) throw new Error(`Expected one schedule for job ${jobId}, found ${found.length}`);
  return found[0]!.Properties;
}

const getAtt = (id: string, attribute = 'Arn') => ({ 'Fn::GetAtt': [id, attribute] });

/** The statements of the role with this logical id (inline and attached policies). */
function statementsOfRole(template: Template, roleId: string): Statement[] {
  return Object.values(resourcesOf(template, 'AWS::IAM::Policy'))
    .filter((p) => (p.Properties.Roles as Array<{ Ref: string }>).some((r) => r.Ref === roleId))
    .flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[]);
}

describe.each(STAGES)('%s stage: the jobs table', (stage) => {
  let portal: PortalApp;
  let template: Template;
  beforeAll(() => {
    // throws with cdk-nag's report on any unacknowledged finding, in any stack
    ({ portal, jobs: template } = synthPortal(stage));
  });

  it('has one schedule per schedule row and no other (no schedule without a row; the one EventBridge rule forwards SES events, in a stage that sends email)', () => {
    expect(Object.keys(resourcesOf(template, 'AWS::Scheduler::Schedule'))).toHaveLength(scheduleRows.length);
    expect(Object.keys(resourcesOf(template, 'AWS::Lambda::Function'))).toHaveLength(rows.length);
    for (const stack of [portal.data, portal.auth, portal.api, portal.web, portal.ops]) {
      expect(Object.keys(Template.fromStack(stack).findResources('AWS::Events::Rule')), stack.stackName).toEqual([]);
    }
    const rules = Object.values(resourcesOf(template, 'AWS::Events::Rule')).map((r) => r.Properties);
    expect(rules.map((r) => [r.EventPattern?.source, r.ScheduleExpression])).toEqual('emailFrom' in stageContext(stage) ? [[['aws.ses'], undefined]] : []);
  });

  it('puts every schedule in the portal-<stage> group, created before them and deleted with the stack', () => {
    const groups = Object.entries(resourcesOf(template, 'AWS::Scheduler::ScheduleGroup'));
    expect(groups).toHaveLength(1);
    const [groupId, group] = groups[0]!;
    expect(group).toMatchObject({ Properties: { Name: `portal-${stage}` }, DeletionPolicy: 'Delete' });
    const json = template.toJSON().Resources as Record<string, { Type: string; Properties: { GroupName: string }; DependsOn?: string[] }>;
    for (const schedule of Object.values(json).filter((r) => r.Type === 'AWS::Scheduler::Schedule')) {
      expect(schedule.Properties.GroupName).toBe(`portal-${stage}`);
      expect(schedule.DependsOn).toContain(groupId);
    }
  });

  it.each(scheduleRows.map((j) => [j.id, j] as const))('%s: its cron in its time zone, on the minute, targeting its own function with the scheduled time', (_id, job) => {
    const trigger = job.trigger as { schedule: string; timeZone?: string };
    const schedule = scheduleOf(template, job.id);
    expect(schedule).toMatchObject({
      ScheduleExpression: trigger.schedule,
      ScheduleExpressionTimezone: trigger.timeZone ?? SCHOOL_TIME_ZONE,
      FlexibleTimeWindow: { Mode: 'OFF' },
      State: 'ENABLED',
    });
    expect(schedule.Target.Arn).toEqual(getAtt(functionIdOf(template, job.id)));
    expect(JSON.parse(schedule.Target.Input)).toEqual(SCHEDULED_TIME_INPUT);
  });

  it.each(scheduleRows.map((j) => [j.id, j] as const))('%s: retried and dead-lettered on both sides (Scheduler delivery, Lambda async run)', (_id, job) => {
    const fnId = functionIdOf(template, job.id);
    const { RetryPolicy, DeadLetterConfig } = scheduleOf(template, job.id).Target;
    expect(RetryPolicy).toEqual({ MaximumEventAgeInSeconds: 3600, MaximumRetryAttempts: 5 });
    const dlqId = (DeadLetterConfig.Arn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const dlq = resourcesOf(template, 'AWS::SQS::Queue')[dlqId]!;
    expect(dlq.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 });
    // enforceSSL: a queue policy denying every request without TLS
    const policies = Object.values(resourcesOf(template, 'AWS::SQS::QueuePolicy')).filter((p) => (p.Properties.Queues as Array<{ Ref: string }>).some((q) => q.Ref === dlqId));
    expect(JSON.stringify(policies)).toContain('"aws:SecureTransport":"false"');

    const invokeConfig = Object.values(resourcesOf(template, 'AWS::Lambda::EventInvokeConfig')).find((c) => c.Properties.FunctionName?.Ref === fnId);
    expect(invokeConfig?.Properties).toMatchObject({
      MaximumRetryAttempts: 2,
      MaximumEventAgeInSeconds: 3600,
      DestinationConfig: { OnFailure: { Destination: getAtt(dlqId) } },
    });
  });

  it.each(scheduleRows.map((j) => [j.id, j] as const))("%s: the scheduler's role may invoke only this function (and dead-letter to its queue)", (_id, job) => {
    const { RoleArn, DeadLetterConfig } = scheduleOf(template, job.id).Target;
    const roleId = (RoleArn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const role = resourcesOf(template, 'AWS::IAM::Role')[roleId]!;
    expect(role.Properties.AssumeRolePolicyDocument.Statement).toEqual([
      expect.objectContaining({
        Principal: { Service: 'scheduler.amazonaws.com' },
        Condition: { StringEquals: { 'aws:SourceAccount': expect.anything(), 'aws:SourceArn': expect.anything() } },
      }),
    ]);
    expect(role.Properties.Policies ?? []).toEqual([]);
    expect(statementsOfRole(template, roleId)).toEqual([
      { Effect: 'Allow', Action: 'lambda:InvokeFunction', Resource: getAtt(functionIdOf(template, job.id)) },
      { Effect: 'Allow', Action: 'sqs:SendMessage', Resource: DeadLetterConfig.Arn },
    ]);
  });

  it.each(rows.map((j) => [j.id, j] as const))("%s: the route functions' defaults, the row's timeout, IAM from its grants", (_id, job) => {
    const fnId = functionIdOf(template, job.id);
    const fn = resourcesOf(template, 'AWS::Lambda::Function')[fnId]!.Properties;
    expect(fn).toMatchObject({ Timeout: job.timeoutSeconds, Runtime: 'nodejs22.x', Architectures: ['arm64'], TracingConfig: { Mode: 'Active' }, MemorySize: 512 });
    const variables = fn.Environment.Variables as Record<string, unknown>;
    expect(Object.keys(variables)).toEqual(expect.arrayContaining(['STAGE', 'TABLE_NAME', 'BUCKET_NAME', 'USER_POOL_ID', 'USER_POOL_CLIENT_ID']));
    expect('STRIPE_SECRET_ARN' in variables).toBe(job.grants.includes('secret:stripe'));
    const actions = actionsOf(statementsOfFunction(template, fnId));
    expect(actions.has('secretsmanager:GetSecretValue')).toBe(job.grants.includes('secret:stripe'));
    expect(actions.has('dynamodb:Query')).toBe(job.grants.includes('table:read'));
    expect(actions.has('dynamodb:UpdateItem')).toBe(job.grants.includes('table:write'));
    expect(actions.has('s3:GetObject*')).toBe(job.grants.includes('bucket:read'));
  });

  it('keeps logs as long as the stage keeps them', () => {
    const days = stageSettings(stage).logRetention;
    for (const group of Object.values(resourcesOf(template, 'AWS::Logs::LogGroup'))) expect(group.Properties.RetentionInDays).toBe(days);
  });

  it('alarms when a job fails, is throttled or dead-letters, like any route, and keeps the alarms of a route of the same id', () => {
    const ops = Template.fromStack(portal.ops);
    const alarms = Object.values(resourcesOf(ops, 'AWS::CloudWatch::Alarm'));
    const descriptions = alarms.map((a) => a.Properties.AlarmDescription);
    for (const job of rows) {
      expect(descriptions, job.id).toContain(`Job-${job.id}: the function failed`);
      expect(descriptions, job.id).toContain(`Job-${job.id}: invocations were throttled`);
      expect(descriptions, job.id).toContain(`Job-${job.id}: messages in its dead-letter queue, given up on after every retry`);
    }
    // an id in both tables (payments-reconcile runs on demand and nightly) is two functions with an alarm each
    const failed = (name: string) => alarms.filter((a) => a.Properties.AlarmDescription === `${name}: the function failed`).map((a) => JSON.stringify(a.Properties.Dimensions));
    for (const shared of rows.filter((job) => routes.some((route) => route.id === job.id))) {
      expect(failed(shared.id)).toHaveLength(1);
      expect(failed(`Job-${shared.id}`)).toHaveLength(1);
      expect(failed(shared.id)[0]).not.toEqual(failed(`Job-${shared.id}`)[0]);
    }
  });

  describe('the CSV import queue', () => {
    const importJob = rows.find((j) => j.id === 'students-import-chunks')!;
    const producers = routes.filter((r) => (r.grants as readonly string[]).includes(`queue:${importJob.id}`));

    it('is a named, encrypted queue feeding its job one chunk per invocation, at most two at once', () => {
      const named = Object.entries(resourcesOf(template, 'AWS::SQS::Queue')).filter(([, q]) => q.Properties.QueueName === queueName(stage, importJob.id));
      expect(named).toHaveLength(1);
      const [queueId, queue] = named[0]!;
      expect(queue.Properties).toMatchObject({
        SqsManagedSseEnabled: true,
        VisibilityTimeout: 6 * importJob.timeoutSeconds,
        RedrivePolicy: { maxReceiveCount: QUEUE_MAX_RECEIVE_COUNT },
      });
      const mappings = Object.values(resourcesOf(template, 'AWS::Lambda::EventSourceMapping')).filter(
        (m) => (m.Properties.EventSourceArn as { 'Fn::GetAtt'?: [string, string] })['Fn::GetAtt']?.[0] === queueId,
      );
      expect(mappings.map((m) => m.Properties)).toEqual([
        expect.objectContaining({
          FunctionName: { Ref: functionIdOf(template, importJob.id) },
          BatchSize: 1,
          ScalingConfig: { MaximumConcurrency: 2 },
        }),
      ]);
    });

    it('only POST /api/students/import/ may send to it; every route may send to exactly the queues its grants name (sqs:SendMessage, URL in QUEUE_URL_...)', () => {
      const api = withNestedStacks(portal.api);
      expect(producers.map((r) => r.id)).toEqual(['students-import']);
      for (const route of routes) {
        const granted = (route.grants as readonly string[]).filter((g) => g.startsWith('queue:')).map((g) => g.slice('queue:'.length));
        const fnId = functionIdOfRoute(api, `${route.method} ${routeKeyPath(route.path)}`);
        const sqs = statementsOfFunction(api, fnId).filter((s) => [s.Action].flat().some((a) => a.startsWith('sqs:')));
        expect(
          sqs.map((s) => [s.Effect, [s.Action].flat()]),
          route.id,
        ).toEqual(granted.length ? [['Allow', ['sqs:SendMessage']]] : []);
        const arns = sqs.flatMap((s) => [s.Resource].flat()).map((arn) => JSON.stringify(arn));
        expect(arns, route.id).toHaveLength(granted.length);
        for (const jobId of granted) {
          const arn = arns.find((a) => new RegExp(`:${queueName(stage, jobId)}"\\]\\]\\}$`).test(a));
          expect(arn, `${route.id} -> ${jobId}`).toContain(`:sqs:${TEST_ENV.region}:`);
        }
        const variables = resourcesOf(api, 'AWS::Lambda::Function')[fnId]!.Properties.Environment.Variables as Record<string, unknown>;
        expect(
          Object.keys(variables)
            .filter((name) => name.startsWith('QUEUE_URL_'))
            .sort(),
          route.id,
        ).toEqual(granted.map(queueUrlVariable).sort());
        for (const jobId of granted) {
          const url = JSON.stringify(variables[queueUrlVariable(jobId)]);
          expect(url).toContain(`https://sqs.${TEST_ENV.region}.`);
          expect(url).toContain(`/${queueName(stage, jobId)}`);
        }
      }
      // the consumer reads its queue and may not send to it: it sends only where its own grants say (a notice of the import)
      const consumer = statementsOfFunction(template, functionIdOf(template, importJob.id));
      expect(actionsOf(consumer).has('sqs:ReceiveMessage')).toBe(true);
      const sends = consumer.filter((s) => [s.Action].flat().includes('sqs:SendMessage')).flatMap((s) => [s.Resource].flat().map((r) => JSON.stringify(r)));
      const sendsTo = importJob.grants.filter((g) => g.startsWith('queue:')).map((g) => queueName(stage, g.slice('queue:'.length)));
      expect(sendsTo).not.toContain(queueName(stage, importJob.id));
      expect(sends).toHaveLength(sendsTo.length);
      for (const name of sendsTo)
        expect(
          sends.some((arn) => arn.endsWith(`:${name}"]]}`)),
          name,
        ).toBe(true);
    });
  });

  it('has no unacknowledged cdk-nag AwsSolutions finding', () => {
    const report = new AwsSolutionsChecks().validateScope(portal.jobs);
    expect(report.violations.map((v) => `${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`)).toEqual([]);
  });
});

/** Rows the table does not have (yet): a queue row, and a schedule in another zone without the Stripe grant. */
const QUEUE_ROW: JobDef = {
  id: 'documents-extract-text',
  description: 'Extracts text from uploaded documents',
  handler: FIXTURE_HANDLER,
  trigger: { queue: 'uploaded-documents', batchSize: 5 },
  grants: ['table:write', 'bucket:read'],
  timeoutSeconds: 120,
};
const UTC_ROW: JobDef = {
  id: 'reports-weekly',
  description: 'Weekly report',
  handler: FIXTURE_HANDLER,
  trigger: { schedule: 'cron(0 7 ? * MON *)', timeZone: 'UTC' },
  grants: ['table:read'],
  timeoutSeconds: 60,
};
const STRIPE_ROW = rows[0]!;

describe('test-only rows (a queue row; a schedule with its own time zone and grants)', () => {
  let template: Template;
  beforeAll(() => {
    const app = new App({ context: { ...cdkJsonContext(), ...SKIP_BUNDLING }, outdir: synthOutdir() });
    const stage = stageSettings('dev');
    const data = new DataStack(app, 'Data', { stage, corsOrigins: ['*'] });
    const auth = new AuthStack(app, 'Auth', { stage });
    const jobsStack = new JobsStack(app, 'Jobs', {
      stage,
      jobs: [QUEUE_ROW, UTC_ROW, STRIPE_ROW],
      resources: { table: data.table, bucket: data.documentsBucket, userPool: auth.userPool, userPoolClient: auth.userPoolClient, stripeSecret: data.stripeSecret },
    });
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
    app.synth();
    template = Template.fromStack(jobsStack);
  });

  it('turns a queue row into an encrypted, TLS-only queue with a dead-letter queue, feeding its function', () => {
    const fnId = functionIdOf(template, QUEUE_ROW.id);
    const mappings = Object.values(resourcesOf(template, 'AWS::Lambda::EventSourceMapping'));
    expect(mappings).toHaveLength(1);
    expect(mappings[0]!.Properties).toMatchObject({ FunctionName: { Ref: fnId }, BatchSize: 5 });
    const queueId = (mappings[0]!.Properties.EventSourceArn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const queue = resourcesOf(template, 'AWS::SQS::Queue')[queueId]!.Properties;
    expect(queue).toMatchObject({ SqsManagedSseEnabled: true, VisibilityTimeout: 6 * QUEUE_ROW.timeoutSeconds, RedrivePolicy: { maxReceiveCount: 5 } });
    const dlqId = (queue.RedrivePolicy.deadLetterTargetArn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    expect(resourcesOf(template, 'AWS::SQS::Queue')[dlqId]!.Properties).toMatchObject({ SqsManagedSseEnabled: true });
    const tlsOnly = Object.values(resourcesOf(template, 'AWS::SQS::QueuePolicy')).filter((p) => JSON.stringify(p).includes('"aws:SecureTransport":"false"'));
    expect(tlsOnly.flatMap((p) => (p.Properties.Queues as Array<{ Ref: string }>).map((q) => q.Ref))).toEqual(expect.arrayContaining([queueId, dlqId]));
    // polled synchronously: no asynchronous retry configuration, no schedule
    expect(Object.values(resourcesOf(template, 'AWS::Lambda::EventInvokeConfig')).map((c) => c.Properties.FunctionName.Ref)).not.toContain(fnId);
    expect(Object.values(resourcesOf(template, 'AWS::Scheduler::Schedule')).map((s) => s.Properties.Description)).not.toContain(expect.stringMatching(/^documents-extract-text/));
  });

  it("schedules in the row's own time zone", () => {
    expect(scheduleOf(template, UTC_ROW.id)).toMatchObject({ ScheduleExpression: 'cron(0 7 ? * MON *)', ScheduleExpressionTimezone: 'UTC' });
    expect(Object.keys(resourcesOf(template, 'AWS::Scheduler::Schedule'))).toHaveLength(2);
  });

  it('lets only rows granted secret:stripe read the Stripe secret', () => {
    for (const job of [QUEUE_ROW, UTC_ROW, STRIPE_ROW]) {
      const fnId = functionIdOf(template, job.id);
      const canRead = actionsOf(statementsOfFunction(template, fnId)).has('secretsmanager:GetSecretValue');
      expect(canRead, job.id).toBe(job.grants.includes('secret:stripe'));
    }
    expect(STRIPE_ROW.grants).toContain('secret:stripe');
  });

  it('gives a queue row read access to its own queue only, and what its grants say', () => {
    const actions = actionsOf(statementsOfFunction(template, functionIdOf(template, QUEUE_ROW.id)));
    expect(actions.has('sqs:ReceiveMessage')).toBe(true);
    expect(actions.has('s3:GetObject*')).toBe(true);
    expect(actions.has('dynamodb:UpdateItem')).toBe(true);
    expect(actions.has('secretsmanager:GetSecretValue')).toBe(false);
    expect(actions.has('sqs:SendMessage')).toBe(false);
  });
});
