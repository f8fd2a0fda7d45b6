/**
 * Notifications in the cloud: the outbox's way to the fan-out (the table's stream, filtered), the deliver and
 * email-events queues (dead letters, alarms), SES's configuration set and
 * the path of its events to the email-events queue, who may send email and from what, and the notification schedules.
 * prod sends email (its test context has emailFrom and portalUrl); dev has no email: notices stay in-app.
 */
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { jobById, jobs as jobRows, QUEUE_MAX_RECEIVE_COUNT, queueName, scheduleTargetVariable, SCHOOL_TIME_ZONE, type JobDef } from '../../lambdas/jobs.js';
import { routeKeyPath, routes } from '../../lambdas/routes.js';
import { outboxTopicPrefix, type OutboxTopic } from '../../lambdas/store/table-schema.js';
import { buildApp } from '../../lib/app.js';
import type { StageName } from '../../lib/stage.js';
import {
  actionsOf,
  cdkJsonContext,
  FIXTURE_WEB_DIST,
  flat,
  functionIdOfRoute,
  removeSynthOutputs,
  SKIP_BUNDLING,
  synthOutdir,
  resourcesOf,
  statementsOfFunction,
  synthPortal,
  TEST_ENV,
  type SynthesizedPortal,
} from './synth.js';

afterAll(removeSynthOutputs);

const SENDER = 'noreply@school.example';
const EMAIL_VARIABLES = ['NOTIFY_FROM_ADDRESS', 'SES_CONFIGURATION_SET', 'PORTAL_URL'];
const SENDING_JOBS = ['notifications-deliver', 'notifications-digest'];
const QUEUE_ROWS = ['notifications-deliver', 'notifications-email-events'];
const STREAM_ROW = 'notifications-fanout';
/** Each stream row and the outbox topic it reads. */
const STREAM_ROWS: ReadonlyArray<readonly [string, OutboxTopic]> = [
  [STREAM_ROW, 'notifications'],
  ['schedules-create', 'schedules'],
];

type Ref = { 'Fn::GetAtt': [string, string] };
const getAtt = (id: string, attribute = 'Arn') => ({ 'Fn::GetAtt': [id, attribute] });
const row = (id: string): JobDef => jobById(id) ?? expect.unreachable(`no job ${id} in lambdas/jobs.ts`);

function jobFunctionId(jobs: Template, jobId: string): string {
  const found = Object.keys(resourcesOf(jobs, 'AWS::Lambda::Function')).filter((id) =>
    String(resourcesOf(jobs, 'AWS::Lambda::Function')[id]!.Properties.Description).startsWith(`Job ${jobId}:`),
  );
  expect(found, jobId).toHaveLength(1);
  return found[0]!;
}

/** The event source mappings of a job's function. */
const mappingsOf = (jobs: Template, jobId: string) =>
  Object.values(resourcesOf(jobs, 'AWS::Lambda::EventSourceMapping'))
    .map((m) => m.Properties)
    .filter((m) => (m.FunctionName as { Ref: string }).Ref === jobFunctionId(jobs, jobId));

/** A job's dead-letter queue: its queue's redrive target, or its stream mapping's on-failure destination. */
function deadLettersIdOf(jobs: Template, stage: StageName, jobId: string): string {
  if ('queue' in row(jobId).trigger) return queueOf(jobs, stage, jobId).deadLettersId;
  const [mapping] = mappingsOf(jobs, jobId);
  return (mapping!.DestinationConfig.OnFailure.Destination as Ref)['Fn::GetAtt'][0];
}

function queueOf(jobs: Template, stage: StageName, jobId: string) {
  const found = Object.entries(resourcesOf(jobs, 'AWS::SQS::Queue')).filter(([, q]) => q.Properties.QueueName === queueName(stage, jobId));
  expect(found, jobId).toHaveLength(1);
  const [id, queue] = found[0]!;
  const deadLettersId = (queue.Properties.RedrivePolicy.deadLetterTargetArn as Ref)['Fn::GetAtt'][0];
  return { id, queue: queue.Properties, deadLettersId, deadLetters: resourcesOf(jobs, 'AWS::SQS::Queue')[deadLettersId]!.Properties };
}

/** Every function of the api and jobs stacks, with the row that made it. */
function everyFunction(synth: SynthesizedPortal) {
  const ofRoutes = routes.map((r) => ({
    template: synth.api,
    id: functionIdOfRoute(synth.api, `${r.method} ${routeKeyPath(r.path)}`),
    row: r.id,
    grants: r.grants as readonly string[],
  }));
  const ofJobs = jobRows.map((j) => ({ template: synth.jobs, id: jobFunctionId(synth.jobs, j.id), row: j.id, grants: j.grants as readonly string[] }));
  expect(Object.keys(resourcesOf(synth.api, 'AWS::Lambda::Function'))).toHaveLength(routes.length);
  expect(Object.keys(resourcesOf(synth.jobs, 'AWS::Lambda::Function'))).toHaveLength(jobRows.length);
  return [...ofRoutes, ...ofJobs];
}

/** Every IAM statement of a template (role inline policies, policies, managed policies). */
function allStatements(template: Template): Array<{ Action: string | string[] }> {
  const roles = Object.values(resourcesOf(template, 'AWS::IAM::Role')).flatMap((r) => (r.Properties.Policies ?? []) as Array<{ PolicyDocument: { Statement: any[] } }>);
  const policies = [...Object.values(resourcesOf(template, 'AWS::IAM::Policy')), ...Object.values(resourcesOf(template, 'AWS::IAM::ManagedPolicy'))].map((p) => p.Properties);
  return [...roles, ...policies].flatMap((p) => p.PolicyDocument.Statement);
}

describe.each(['prod', 'dev'] as const)('%s: the notification queues', (stage) => {
  it.each(QUEUE_ROWS)('%s: a named, encrypted queue redriving to its dead-letter queue, feeding its function', (jobId) => {
    const { jobs } = synthPortal(stage);
    const job = row(jobId);
    const trigger = job.trigger as { queue: string; batchSize?: number; maxConcurrency?: number };
    expect(trigger.queue).toBe(jobId);
    const { id, queue, deadLettersId, deadLetters } = queueOf(jobs, stage, jobId);
    expect(queue).toMatchObject({
      SqsManagedSseEnabled: true,
      VisibilityTimeout: 6 * job.timeoutSeconds,
      RedrivePolicy: { maxReceiveCount: QUEUE_MAX_RECEIVE_COUNT, deadLetterTargetArn: getAtt(deadLettersId) },
    });
    expect(QUEUE_MAX_RECEIVE_COUNT).toBe(5);
    expect(deadLetters).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 });
    expect(deadLetters.RedrivePolicy).toBeUndefined();
    const mappings = Object.values(resourcesOf(jobs, 'AWS::Lambda::EventSourceMapping')).filter((m) => (m.Properties.EventSourceArn as Partial<Ref>)['Fn::GetAtt']?.[0] === id);
    expect(mappings.map((m) => m.Properties)).toEqual([
      expect.objectContaining({ FunctionName: { Ref: jobFunctionId(jobs, jobId) }, BatchSize: 1, ScalingConfig: { MaximumConcurrency: 2 } }),
    ]);
  });

  it.each(STREAM_ROWS)("%s: reads the inserts of outbox topic %s from the table's stream, in order, retried, then given up to its dead-letter queue", (jobId, topic) => {
    const { jobs, data } = synthPortal(stage);
    const [table] = Object.values(resourcesOf(data, 'AWS::DynamoDB::GlobalTable'));
    expect(table!.Properties.StreamSpecification).toEqual({ StreamViewType: 'NEW_IMAGE' });
    expect(row(jobId).trigger).toEqual({ tableStream: 'outbox', topic, batchSize: 1 });
    const mappings = mappingsOf(jobs, jobId);
    expect(mappings).toHaveLength(1);
    const mapping = mappings[0]!;
    // the table's stream, read from the data stack's output
    expect(JSON.stringify(mapping.EventSourceArn)).toMatch(/Portal-\w+-Data.*StreamArn/);
    expect(mapping).toMatchObject({ StartingPosition: 'TRIM_HORIZON', BatchSize: 1, MaximumRetryAttempts: QUEUE_MAX_RECEIVE_COUNT - 1, BisectBatchOnFunctionError: true });
    // only its topic's inserts invoke it (store/outbox.ts writes them under this prefix)
    expect(mapping.FilterCriteria.Filters.map((f: { Pattern: string }) => JSON.parse(f.Pattern))).toEqual([
      { eventName: ['INSERT'], dynamodb: { Keys: { pk: { S: [{ prefix: outboxTopicPrefix(topic) }] } } } },
    ]);
    const deadLetters = resourcesOf(jobs, 'AWS::SQS::Queue')[deadLettersIdOf(jobs, stage, jobId)]!.Properties;
    expect(deadLetters).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 });
    // it reads the stream and may write the failure's description to its dead-letter queue
    const actions = statementsOfFunction(jobs, jobFunctionId(jobs, jobId)).flatMap((st) => [st.Action].flat());
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:DescribeStream', 'sqs:SendMessage']));
  });

  it.each([...QUEUE_ROWS, ...STREAM_ROWS.map(([jobId]) => jobId)])("%s: its dead-letter queue's alarm watches that queue and notifies the alarm topic", (jobId) => {
    const { jobs, ops } = synthPortal(stage);
    const deadLettersId = deadLettersIdOf(jobs, stage, jobId);
    const alarms = Object.values(resourcesOf(ops, 'AWS::CloudWatch::Alarm')).filter(
      (a) => a.Properties.AlarmDescription === `Job-${jobId}: messages in its dead-letter queue, given up on after every retry`,
    );
    expect(alarms).toHaveLength(1);
    const alarm = alarms[0]!.Properties;
    expect(alarm).toMatchObject({ Namespace: 'AWS/SQS', MetricName: 'ApproximateNumberOfMessagesVisible', Statistic: 'Maximum', Threshold: 1, Period: 300 });
    expect(alarm.ComparisonOperator).toBe('GreaterThanOrEqualToThreshold');
    expect(alarm.AlarmActions).toEqual([{ Ref: Object.keys(resourcesOf(ops, 'AWS::SNS::Topic'))[0] }]);
    // the dimension is the jobs stack's output of this dead-letter queue's name
    const [dimension] = alarm.Dimensions as Array<{ Name: string; Value: { 'Fn::GetStackOutput': { StackName: string; OutputName: string } } }>;
    expect(dimension!.Name).toBe('QueueName');
    const read = dimension!.Value['Fn::GetStackOutput'];
    expect(read.StackName).toBe(synthPortal(stage).portal.jobs.stackName);
    expect((jobs.toJSON().Outputs as Record<string, { Value: unknown }>)[read.OutputName]?.Value).toEqual(getAtt(deadLettersId, 'QueueName'));
  });

  it.each([
    ['notifications-digest', /^cron\(\d{1,2} \d{1,2} \* \* \? \*\)$/],
    // hourly: each announcement's own one-time schedule sends it at its time; this catches any whose schedule was never made
    ['announcements-send-due', /^cron\(\d{1,2} \* \* \* \? \*\)$/],
  ] as const)("%s: scheduled in the school's time zone, targeting its function", (jobId, cron) => {
    const { jobs } = synthPortal(stage);
    const schedules = Object.values(resourcesOf(jobs, 'AWS::Scheduler::Schedule')).filter((s) => String(s.Properties.Description).startsWith(`${jobId}:`));
    expect(schedules).toHaveLength(1);
    const schedule = schedules[0]!.Properties;
    expect(schedule.ScheduleExpression).toBe((row(jobId).trigger as { schedule: string }).schedule);
    expect(schedule.ScheduleExpression).toMatch(cron);
    expect(schedule).toMatchObject({ ScheduleExpressionTimezone: SCHOOL_TIME_ZONE, FlexibleTimeWindow: { Mode: 'OFF' }, State: 'ENABLED' });
    expect(schedule.Target.Arn).toEqual(getAtt(jobFunctionId(jobs, jobId)));
  });
});

describe.each(['dev', 'prod'] as const)('%s: one-time schedules of scheduled announcements', (stage) => {
  const SCHEDULER = 'schedules-create';
  const TARGET = 'announcements-send-due';
  const schedulerActions = ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule', 'iam:PassRole'];

  it(`${SCHEDULER} may create only ${TARGET}'s schedules, in the stage's group, and pass Scheduler only the role that starts ${TARGET}`, () => {
    const { jobs } = synthPortal(stage);
    expect(row(SCHEDULER).grants).toEqual([`schedule:${TARGET}`]);
    const statements = statementsOfFunction(jobs, jobFunctionId(jobs, SCHEDULER)).filter((st) => [st.Action].flat().some((a) => schedulerActions.includes(String(a))));
    const create = statements.find((st) => [st.Action].flat().includes('scheduler:CreateSchedule'))!;
    expect([create.Action].flat().sort()).toEqual(['scheduler:CreateSchedule', 'scheduler:DeleteSchedule']);
    expect(JSON.stringify(create.Resource)).toContain(`:schedule/portal-${stage}/${TARGET}-*`);
    // the role the hourly cron schedule of the target uses: its trust names the stage's group, which the one-time ones share
    const [cron] = Object.values(resourcesOf(jobs, 'AWS::Scheduler::Schedule')).filter((s) => String(s.Properties.Description).startsWith(`${TARGET}:`));
    expect(cron!.Properties.GroupName).toBe(`portal-${stage}`);
    const pass = statements.find((st) => [st.Action].flat().includes('iam:PassRole'))!;
    expect(pass).toMatchObject({
      Action: 'iam:PassRole',
      Resource: cron!.Properties.Target.RoleArn,
      Condition: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
    });
    // what to target: the target's function, that role, and the target's dead-letter queue (the cron's too)
    const fn = resourcesOf(jobs, 'AWS::Lambda::Function')[jobFunctionId(jobs, SCHEDULER)]!.Properties;
    const variables = fn.Environment.Variables as Record<string, unknown>;
    expect(variables.SCHEDULE_GROUP_NAME).toBe(`portal-${stage}`);
    const target = JSON.stringify(variables[scheduleTargetVariable(TARGET)]);
    expect(target).toContain(jobFunctionId(jobs, TARGET));
    expect(target).toContain(cron!.Properties.Target.RoleArn['Fn::GetAtt'][0]);
    expect(target).toContain(cron!.Properties.Target.DeadLetterConfig.Arn['Fn::GetAtt'][0]);
  });

  it('no other function may create schedules or pass a role', () => {
    const portal = synthPortal(stage);
    const holders = [portal.api, portal.jobs].flatMap((template) =>
      Object.values(resourcesOf(template, 'AWS::IAM::Policy')).filter((p) =>
        (p.Properties.PolicyDocument.Statement as Array<{ Action: string | string[] }>).some((st) => [st.Action].flat().some((a) => schedulerActions.includes(a))),
      ),
    );
    expect(holders).toHaveLength(1);
    expect(JSON.stringify(holders[0]!.Properties.Roles)).toContain(jobFunctionId(portal.jobs, SCHEDULER).replace(/Function[0-9A-F]{8}$/, ''));
  });
});

describe('prod: email through SES', () => {
  const synth = () => synthPortal('prod');
  const configurationSetId = () => Object.keys(resourcesOf(synth().jobs, 'AWS::SES::ConfigurationSet'))[0]!;

  it('has one configuration set: suppresses bounces and complaints, reputation metrics, sending on, TLS required', () => {
    const sets = Object.values(resourcesOf(synth().jobs, 'AWS::SES::ConfigurationSet'));
    expect(sets).toHaveLength(1);
    expect(Object.keys(sets[0]!.Properties).sort()).toEqual(['DeliveryOptions', 'Name', 'ReputationOptions', 'SendingOptions', 'SuppressionOptions', 'Tags']);
    expect(sets[0]!.Properties).toMatchObject({
      Name: 'portal-prod',
      SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
      ReputationOptions: { ReputationMetricsEnabled: true },
      SendingOptions: { SendingEnabled: true },
      DeliveryOptions: { TlsPolicy: 'REQUIRE' },
    });
  });

  it("publishes the set's send, delivery, bounce, complaint, reject, rendering and delay events to the default bus", () => {
    const destinations = Object.values(resourcesOf(synth().jobs, 'AWS::SES::ConfigurationSetEventDestination')).map((d) => d.Properties);
    expect(destinations).toHaveLength(1);
    const { ConfigurationSetName, EventDestination } = destinations[0]!;
    expect(ConfigurationSetName).toEqual({ Ref: configurationSetId() });
    expect(EventDestination.Enabled).toBe(true);
    expect([...EventDestination.MatchingEventTypes].sort()).toEqual(['bounce', 'complaint', 'delivery', 'deliveryDelay', 'reject', 'renderingFailure', 'send']);
    expect(flat(EventDestination.EventBridgeDestination.EventBusArn)).toMatch(new RegExp(`^arn:[^:]+:events:${TEST_ENV.region}:\\$\\{AWS::AccountId\\}:event-bus/default$`));
    expect(Object.keys(EventDestination).sort()).toEqual(['Enabled', 'EventBridgeDestination', 'MatchingEventTypes']);
  });

  it("forwards this set's SES events from the default bus to the email-events queue (dead letters to its dead-letter queue)", () => {
    const { jobs } = synth();
    const rules = Object.entries(resourcesOf(jobs, 'AWS::Events::Rule'));
    expect(rules).toHaveLength(1);
    const [ruleId, rule] = rules[0]!;
    expect(rule.Properties.EventBusName).toBeUndefined();
    expect(rule.Properties.State).toBe('ENABLED');
    expect(rule.Properties.EventPattern).toEqual({
      source: ['aws.ses'],
      'detail-type': ['Email Sent', 'Email Delivered', 'Email Bounced', 'Email Complaint Received', 'Email Rejected', 'Email Rendering Failed', 'Email Delivery Delayed'],
      detail: { mail: { tags: { 'ses:configuration-set': ['portal-prod'] } } },
    });
    const { id, deadLettersId } = queueOf(jobs, 'prod', 'notifications-email-events');
    expect(rule.Properties.Targets).toEqual([expect.objectContaining({ Arn: getAtt(id), DeadLetterConfig: { Arn: getAtt(deadLettersId) } })]);

    // each queue's policy lets EventBridge send from this rule only; nothing else is allowed in
    for (const queueId of [id, deadLettersId]) {
      const policies = Object.values(resourcesOf(jobs, 'AWS::SQS::QueuePolicy')).filter((p) => (p.Properties.Queues as Array<{ Ref: string }>).some((q) => q.Ref === queueId));
      const allows = policies.flatMap((p) => p.Properties.PolicyDocument.Statement as Array<Record<string, any>>).filter((s) => s.Effect === 'Allow');
      expect(allows, queueId).toHaveLength(1);
      expect(allows[0]).toMatchObject({ Principal: { Service: 'events.amazonaws.com' }, Condition: { ArnEquals: { 'aws:SourceArn': getAtt(ruleId) } } });
      expect([allows[0]!.Action].flat()).toContain('sqs:SendMessage');
      expect([allows[0]!.Action].flat().every((a: string) => a.startsWith('sqs:'))).toBe(true);
    }
    // the deliver queue is fed by our functions only, never by EventBridge
    for (const internal of ['notifications-deliver']) {
      const queue = queueOf(jobs, 'prod', internal).id;
      const policies = Object.values(resourcesOf(jobs, 'AWS::SQS::QueuePolicy')).filter((p) => (p.Properties.Queues as Array<{ Ref: string }>).some((q) => q.Ref === queue));
      expect(JSON.stringify(policies), internal).not.toContain('events.amazonaws.com');
    }
  });

  it.each(SENDING_JOBS)('%s may ses:SendEmail only as the sender, on its identities and the configuration set', (jobId) => {
    const statements = statementsOfFunction(synth().jobs, jobFunctionId(synth().jobs, jobId));
    const ses = statements.filter((s) => [s.Action].flat().some((a) => a.startsWith('ses:')));
    expect(ses).toHaveLength(1);
    expect(ses[0]).toMatchObject({ Effect: 'Allow', Action: 'ses:SendEmail', Condition: { StringEquals: { 'ses:FromAddress': SENDER } } });
    expect(Object.keys(ses[0]!.Condition!)).toEqual(['StringEquals']);
    const arn = (resource: string) => new RegExp(`^arn:aws:ses:${TEST_ENV.region}:\\$\\{AWS::AccountId\\}:${resource.replace(/[.]/g, '\\.')}$`);
    const resources = [ses[0]!.Resource].flat().map(flat);
    expect(resources).toHaveLength(3);
    expect(resources).toEqual(
      expect.arrayContaining([arn('identity/school.example'), arn(`identity/${SENDER}`), arn('configuration-set/portal-prod')].map((re) => expect.stringMatching(re))),
    );
  });

  it('no other function, and no other role of any stack, may use SES', () => {
    const prod = synth();
    for (const fn of everyFunction(prod)) {
      const ses = [...actionsOf(statementsOfFunction(fn.template, fn.id))].filter((a) => a.toLowerCase().startsWith('ses:'));
      expect(ses, fn.row).toEqual(SENDING_JOBS.includes(fn.row) ? ['ses:SendEmail'] : []);
      expect(fn.grants.includes('email:send'), fn.row).toBe(SENDING_JOBS.includes(fn.row));
    }
    const templates = [prod.data, prod.auth, prod.api, prod.jobs, prod.web, prod.ops, prod.waf];
    const sesStatements = templates.flatMap(allStatements).filter((s) => [s.Action].flat().some((a) => a.toLowerCase().startsWith('ses:')));
    expect(sesStatements).toHaveLength(SENDING_JOBS.length);
  });

  it('tells the sending functions the sender, the configuration set and the portal address, and no other function', () => {
    for (const fn of everyFunction(synth())) {
      const variables = resourcesOf(fn.template, 'AWS::Lambda::Function')[fn.id]!.Properties.Environment.Variables as Record<string, unknown>;
      if (!SENDING_JOBS.includes(fn.row)) {
        expect(
          Object.keys(variables).filter((v) => EMAIL_VARIABLES.includes(v)),
          fn.row,
        ).toEqual([]);
        continue;
      }
      expect(variables).toMatchObject({ NOTIFY_FROM_ADDRESS: SENDER, SES_CONFIGURATION_SET: 'portal-prod', PORTAL_URL: 'https://portal.school.example' });
    }
  });
});

describe('dev: no email configured, notices stay in-app', () => {
  it('creates no SES resource and no EventBridge rule', () => {
    const dev = synthPortal('dev');
    for (const template of [dev.data, dev.auth, dev.api, dev.jobs, dev.web, dev.ops, dev.waf]) {
      const types = Object.values(template.toJSON().Resources as Record<string, { Type: string }>).map((r) => r.Type);
      expect(types.filter((t) => t.startsWith('AWS::SES::') || t === 'AWS::Events::Rule')).toEqual([]);
    }
  });

  it('gives the email:send functions neither SES permissions nor the email variables', () => {
    const dev = synthPortal('dev');
    for (const fn of everyFunction(dev)) {
      const ses = [...actionsOf(statementsOfFunction(fn.template, fn.id))].filter((a) => a.toLowerCase().startsWith('ses:'));
      expect(ses, fn.row).toEqual([]);
      const variables = resourcesOf(fn.template, 'AWS::Lambda::Function')[fn.id]!.Properties.Environment.Variables as Record<string, unknown>;
      expect(
        Object.keys(variables).filter((v) => EMAIL_VARIABLES.includes(v)),
        fn.row,
      ).toEqual([]);
    }
    // the sending jobs are still there, with their queue and table grants
    for (const jobId of SENDING_JOBS) expect(actionsOf(statementsOfFunction(dev.jobs, jobFunctionId(dev.jobs, jobId))).has('dynamodb:PutItem'), jobId).toBe(true);
  });
});

describe('dev with a sender but no address to link to', () => {
  it("sends Cognito's mails through SES but keeps notifications in-app, and says how to turn email on", () => {
    const app = new App({ context: { ...cdkJsonContext(), ...SKIP_BUNDLING, emailFrom: SENDER }, outdir: synthOutdir() });
    const portal = buildApp({ app, stage: 'dev', webAssetPath: FIXTURE_WEB_DIST, env: TEST_ENV });
    const assembly = app.synth();
    const auth = Template.fromStack(portal.auth);
    const jobs = Template.fromStack(portal.jobs);
    expect(Object.values(resourcesOf(auth, 'AWS::Cognito::UserPool'))[0]!.Properties.EmailConfiguration).toMatchObject({ From: SENDER });
    expect(Object.keys(resourcesOf(jobs, 'AWS::SES::ConfigurationSet'))).toEqual([]);
    for (const jobId of SENDING_JOBS) {
      const fnId = jobFunctionId(jobs, jobId);
      expect(
        [...actionsOf(statementsOfFunction(jobs, fnId))].filter((a) => a.startsWith('ses:')),
        jobId,
      ).toEqual([]);
      expect(Object.keys(resourcesOf(jobs, 'AWS::Lambda::Function')[fnId]!.Properties.Environment.Variables).filter((v) => EMAIL_VARIABLES.includes(v))).toEqual([]);
    }
    const messages = assembly.getStackArtifact(portal.jobs.artifactId).messages.map((m) => String(m.entry.data));
    expect(messages.some((m) => m.includes('-c portalUrl='))).toBe(true);
  });
});
