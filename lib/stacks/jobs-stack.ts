import { Duration, RemovalPolicy, Stack, TimeZone, Validations, type StackProps } from 'aws-cdk-lib';
import { EventBus, Rule } from 'aws-cdk-lib/aws-events';
import { SqsQueue } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { ConfigurationSet, ConfigurationSetTlsPolicy, EmailSendingEvent, EventDestination, SuppressionReasons } from 'aws-cdk-lib/aws-ses';
import { ContextAttribute, Schedule, ScheduleExpression, ScheduleGroup, ScheduleTargetInput, TimeWindow, type IScheduleTarget } from 'aws-cdk-lib/aws-scheduler';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import {
  jobs,
  QUEUE_MAX_RECEIVE_COUNT,
  queueName,
  scheduleGroupName,
  scheduleTargetVariable,
  SCHOOL_TIME_ZONE,
  type JobDef,
  type JobTrigger,
  type QueueJobId,
} from '../../lambdas/jobs.js';
import { outboxTopicPrefix } from '../../lambdas/store/table-schema.js';
import { ApiFunction, isScheduleGrant, type ApiFunctionResources, type NotifyEmail } from '../constructs/api-function.js';
import { acknowledgeWildcards, wildcardResource } from '../constructs/nag.js';
import type { StageSettings } from '../stage.js';

export interface JobsStackProps extends StackProps {
  readonly stage: StageSettings;
  readonly resources: ApiFunctionResources;
  /** Defaults to THE jobs table; a parameter only so tests can pass rows the table does not have yet. */
  readonly jobs?: readonly JobDef[];
}

/**
 * How long a run stays worth starting, and how often each side retries:
 *  - EventBridge Scheduler invokes Lambda asynchronously
 *    (https://docs.aws.amazon.com/lambda/latest/dg/with-eventbridge-scheduler.html), so its retry policy
 *    covers only handing the event to Lambda (throttling, service errors);
 *  - Lambda's own asynchronous retries cover the job failing (error, timeout).
 * Both give up after an hour: the hourly sweep's next run supersedes a late one, and a nightly run an hour
 * late is still a night run. What is given up lands in the job's dead-letter queue.
 */
const MAX_EVENT_AGE = Duration.hours(1);
const SCHEDULER_RETRY_ATTEMPTS = 5;
/** Lambda allows at most 2. */
const LAMBDA_RETRY_ATTEMPTS = 2;
/** SQS's longest retention: two weeks to look at a failed run before it is gone. */
const DEAD_LETTER_RETENTION = Duration.days(14);
/** Lambda's advice for SQS event sources (https://docs.aws.amazon.com/lambda/latest/dg/services-sqs-configure.html). */
const VISIBILITY_TIMEOUTS_PER_FUNCTION_TIMEOUT = 6;
/** Deliveries of a message before it is dead-lettered; the consumer knows its last one (lambdas/jobs.ts). */
const MAX_RECEIVE_COUNT = QUEUE_MAX_RECEIVE_COUNT;

/** The queue row that records SES's events (delivered, bounced, complained...). */
export const EMAIL_EVENTS_JOB: QueueJobId = 'notifications-email-events';
/**
 * What SES publishes to EventBridge, by SES event type and EventBridge detail-type
 * (https://docs.aws.amazon.com/eventbridge/latest/ref/events-ref-ses.html). Opens and clicks need tracking links: not used.
 */
export const EMAIL_EVENTS = [
  [EmailSendingEvent.SEND, 'Email Sent'],
  [EmailSendingEvent.DELIVERY, 'Email Delivered'],
  [EmailSendingEvent.BOUNCE, 'Email Bounced'],
  [EmailSendingEvent.COMPLAINT, 'Email Complaint Received'],
  [EmailSendingEvent.REJECT, 'Email Rejected'],
  [EmailSendingEvent.RENDERING_FAILURE, 'Email Rendering Failed'],
  [EmailSendingEvent.DELIVERY_DELAY, 'Email Delivery Delayed'],
] as const;

/**
 * One Lambda per row of lambdas/jobs.ts (ApiFunction: the route functions' defaults and least-privilege
 * grants, the row's timeout) and what starts it:
 *  - a schedule row: an EventBridge Scheduler schedule in the portal's schedule group, cron in the row's
 *    time zone (the school's by default), no flexible window, input `{"scheduledTime": ...}`, a retry
 *    policy and the job's dead-letter queue; its role may invoke only this function;
 *    A `oneTime` schedule row may also be started by one-time schedules in the same group, which a job holding
 *    the `schedule:<job id>` grant creates (lambdas/store/scheduler.ts) with the same role, input and dead letters;
 *  - a queue row: an SQS queue named `portal-<stage>-<job id>` (so a producing route's `queue:<job id>` grant
 *    names it from its own stack, lib/constructs/api-function.ts), redriving to the job's dead-letter queue,
 *    as the function's event source (the row's batch size and maximum concurrency).
 * Everything the local runner does not have (retries, dead letters, at-least-once delivery) is here.
 * With email (resources.email), also SES's configuration set and the path of its events to the email-events queue.
 */
export class JobsStack extends Stack {
  readonly functions: ReadonlyMap<string, ApiFunction>;
  readonly schedules: ReadonlyMap<string, Schedule>;
  /** Queue rows' queues, by the row's queue name. */
  readonly queues: ReadonlyMap<string, Queue>;
  /** Every job's dead-letter queue, by job id. */
  readonly deadLetterQueues: ReadonlyMap<string, Queue>;
  /** Every email goes through it (its name is `resources.email.configurationSetName`); absent without email. */
  readonly configurationSet?: ConfigurationSet;

  private readonly scheduleGroup: ScheduleGroup;
  private readonly stageName: string;
  /** The role EventBridge Scheduler assumes to start each schedule row's function, by job id. */
  private readonly schedulerRoles = new Map<string, Role>();

  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);
    const { stage, resources } = props;
    this.stageName = stage.name;
    this.scheduleGroup = new ScheduleGroup(this, 'Schedules', {
      scheduleGroupName: scheduleGroupName(stage.name),
      // it holds no data, and a retained group would block deploying the stage again under its name
      removalPolicy: RemovalPolicy.DESTROY,
    });

    const functions = new Map<string, ApiFunction>();
    const schedules = new Map<string, Schedule>();
    const queues = new Map<string, Queue>();
    const deadLetterQueues = new Map<string, Queue>();
    const rows = props.jobs ?? jobs;
    for (const job of rows) {
      const fn = new ApiFunction(this, `Job-${job.id}`, { job, stage, resources });
      const deadLetters = new Queue(this, `DeadLetters-${job.id}`, {
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: DEAD_LETTER_RETENTION,
      });
      functions.set(job.id, fn);
      deadLetterQueues.set(job.id, deadLetters);
      const { trigger } = job;
      if ('schedule' in trigger) {
        schedules.set(job.id, this.schedule(job, trigger, fn, deadLetters));
      } else if ('queue' in trigger) {
        queues.set(trigger.queue, this.queue(job, trigger, fn, deadLetters));
      } else {
        this.tableStream(trigger, fn, resources, deadLetters);
      }
    }
    for (const job of rows) {
      for (const grant of job.grants.filter(isScheduleGrant)) this.grantOneTimeSchedules(job, rows, grant.slice('schedule:'.length), functions, deadLetterQueues);
    }
    this.functions = functions;
    this.schedules = schedules;
    this.queues = queues;
    this.deadLetterQueues = deadLetterQueues;
    if (resources.email) this.configurationSet = this.emailEvents(resources.email, rows);
  }

  /**
   * The configuration set: SES's suppression list for bounces and complaints (an address that bounced is not tried again),
   * reputation metrics, TLS to receiving servers, and its events on the default bus (the only bus SES publishes to:
   * https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_EventBridgeDestination.html). A rule forwards this set's
   * events to the email-events queue. That queue is SSE-SQS, so EventBridge needs no key permission: only a customer managed
   * KMS key would (https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-custom-bus-target-sqs.html).
   */
  private emailEvents(email: NotifyEmail, rows: readonly JobDef[]): ConfigurationSet {
    const job = rows.find((j) => j.id === EMAIL_EVENTS_JOB);
    const queue = job && 'queue' in job.trigger ? this.queues.get(job.trigger.queue) : undefined;
    if (!queue) throw new Error(`Sending email needs the ${EMAIL_EVENTS_JOB} queue row of lambdas/jobs.ts, for SES's events`);
    const configurationSet = new ConfigurationSet(this, 'EmailConfigurationSet', {
      configurationSetName: email.configurationSetName,
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      reputationMetrics: true,
      sendingEnabled: true,
      tlsPolicy: ConfigurationSetTlsPolicy.REQUIRE,
    });
    configurationSet.addEventDestination('ToEventBridge', {
      destination: EventDestination.eventBus(EventBus.fromEventBusName(this, 'DefaultBus', 'default')),
      events: EMAIL_EVENTS.map(([event]) => event),
    });
    new Rule(this, 'EmailEvents', {
      description: `SES events of configuration set ${email.configurationSetName} to the ${EMAIL_EVENTS_JOB} queue`,
      eventPattern: {
        source: ['aws.ses'],
        detailType: EMAIL_EVENTS.map(([, detailType]) => detailType),
        // SES tags every message with its configuration set: only this stage's emails
        detail: { mail: { tags: { 'ses:configuration-set': [email.configurationSetName] } } },
      },
      // the queue policy allows events.amazonaws.com from this rule only (aws:SourceArn); what EventBridge cannot
      // deliver lands in the job's dead-letter queue, which is alarmed
      targets: [new SqsQueue(queue, { deadLetterQueue: this.deadLetterQueues.get(EMAIL_EVENTS_JOB) })],
    });
    return configurationSet;
  }

  private schedule(job: JobDef, trigger: Extract<JobTrigger, { schedule: unknown }>, fn: ApiFunction, deadLetters: Queue): Schedule {
    fn.function.configureAsyncInvoke({
      onFailure: new SqsDestination(deadLetters),
      retryAttempts: LAMBDA_RETRY_ATTEMPTS,
      maxEventAge: MAX_EVENT_AGE,
    });
    Validations.of(deadLetters).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: `This queue is the dead-letter queue of job ${job.id} (its schedule's DeadLetterConfig and its function's on-failure destination), which cdk-nag does not recognise as one; a dead-letter queue needs none of its own.`,
    });

    // Assumable only by EventBridge Scheduler for schedules of this account's portal group
    // (Scheduler names the group as aws:SourceArn), and allowed only to start this one function.
    const role = new Role(this, `SchedulerRole-${job.id}`, {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': this.account, 'aws:SourceArn': this.scheduleGroup.scheduleGroupArn } },
      }),
      description: `EventBridge Scheduler: starts job ${job.id}`,
    });
    role.addToPrincipalPolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [fn.function.functionArn] }));
    role.addToPrincipalPolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [deadLetters.queueArn] }));
    this.schedulerRoles.set(job.id, role);

    // Written by hand rather than with aws-scheduler-targets' LambdaInvoke, whose grantInvoke also
    // allows every version and alias (`<function>:*`): this role needs the function itself only.
    const target: IScheduleTarget = {
      bind: () => ({
        arn: fn.function.functionArn,
        role,
        // The run is "as of" the time it was scheduled for, even when delivered late or retried
        // (lambdas/schedule/job.ts). Context attribute:
        // https://docs.aws.amazon.com/scheduler/latest/UserGuide/managing-schedule-context-attributes.html
        input: ScheduleTargetInput.fromObject({ scheduledTime: ContextAttribute.scheduledTime }),
        retryPolicy: { maximumEventAgeInSeconds: MAX_EVENT_AGE.toSeconds(), maximumRetryAttempts: SCHEDULER_RETRY_ATTEMPTS },
        deadLetterConfig: { arn: deadLetters.queueArn },
      }),
    };
    const schedule = new Schedule(this, `Schedule-${job.id}`, {
      description: `${job.id}: ${job.description}`.slice(0, 512),
      schedule: ScheduleExpression.expression(trigger.schedule, TimeZone.of(trigger.timeZone ?? SCHOOL_TIME_ZONE)),
      scheduleGroup: this.scheduleGroup,
      // on the minute, as the local runner runs it
      timeWindow: TimeWindow.off(),
      target,
    });
    // the group is named, not referenced, in the schedule: CloudFormation must be told the order
    schedule.node.addDependency(this.scheduleGroup);
    return schedule;
  }

  /**
   * A `schedule:<target>` grant: the holder may create (and, to tidy up, delete) schedules named `<target>-*` in the
   * stage's group and hand them the target's scheduler role (iam:PassRole to Scheduler only), and learns what to
   * target from SCHEDULE_TARGET_<TARGET> (lambdas/store/scheduler.ts). The group is the one the role's trust names,
   * so Scheduler can assume it for these schedules as for the cron's.
   */
  private grantOneTimeSchedules(holder: JobDef, rows: readonly JobDef[], targetId: string, functions: Map<string, ApiFunction>, deadLetterQueues: Map<string, Queue>): void {
    const trigger = rows.find((j) => j.id === targetId)?.trigger;
    const target = functions.get(targetId);
    const role = this.schedulerRoles.get(targetId);
    const deadLetters = deadLetterQueues.get(targetId);
    const holderFn = functions.get(holder.id);
    if (!trigger || !('oneTime' in trigger && trigger.oneTime) || !target || !role || !deadLetters || !holderFn) {
      throw new Error(`Grant schedule:${targetId} of job ${holder.id}: ${targetId} is not a oneTime schedule row of lambdas/jobs.ts`);
    }
    const fn = holderFn.function;
    const groupName = scheduleGroupName(this.stageName);
    fn.addEnvironment('SCHEDULE_GROUP_NAME', groupName);
    fn.addEnvironment(scheduleTargetVariable(targetId), this.toJsonString({ arn: target.function.functionArn, roleArn: role.roleArn, deadLetterArn: deadLetters.queueArn }));
    const schedulesOfTarget = this.formatArn({ service: 'scheduler', resource: 'schedule', resourceName: `${groupName}/${targetId}-*` });
    fn.addToRolePolicy(new PolicyStatement({ actions: ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule'], resources: [schedulesOfTarget] }));
    fn.addToRolePolicy(
      new PolicyStatement({ actions: ['iam:PassRole'], resources: [role.roleArn], conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } } }),
    );
    acknowledgeWildcards(holderFn, `schedule:${targetId}: one-time schedules are named per run (<job id>-<key>), so only a name prefix can be granted.`, () => [
      wildcardResource(fn, schedulesOfTarget),
    ]);
  }

  private queue(job: JobDef, trigger: Extract<JobTrigger, { queue: unknown }>, fn: ApiFunction, deadLetters: Queue): Queue {
    const queue = new Queue(this, `Queue-${job.id}`, {
      queueName: queueName(this.stageName, job.id),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(VISIBILITY_TIMEOUTS_PER_FUNCTION_TIMEOUT * job.timeoutSeconds),
      deadLetterQueue: { queue: deadLetters, maxReceiveCount: MAX_RECEIVE_COUNT },
    });
    // The whole batch is retried on a failure: job() returns the body's result, not SQS's
    // batchItemFailures, so reportBatchItemFailures would misread it.
    fn.function.addEventSource(new SqsEventSource(queue, { batchSize: trigger.batchSize ?? 10, maxConcurrency: trigger.maxConcurrency }));
    return queue;
  }

  /**
   * The outbox (lambdas/store/outbox.ts) read from the table's stream: an event source mapping whose filter
   * criteria pass only inserts under the key prefix of the row's outbox topic, so the function is never invoked for the
   * table's other writes (filtered records are not billed, https://docs.aws.amazon.com/lambda/latest/dg/with-ddb-filtering.html).
   * A failed batch is retried in order, blocking its shard, up to MAX_RECEIVE_COUNT tries in all; then the
   * batch's description (shard and sequence numbers, not the records) goes to the job's dead-letter queue,
   * which is alarmed, and the records are still readable from the stream for 24 hours.
   * TRIM_HORIZON: an outbox item written before the mapping existed (a first deploy) is still delivered.
   */
  private tableStream(trigger: Extract<JobTrigger, { tableStream: unknown }>, fn: ApiFunction, resources: ApiFunctionResources, deadLetters: Queue): void {
    fn.function.addEventSource(
      new DynamoEventSource(resources.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: trigger.batchSize ?? 10,
        retryAttempts: MAX_RECEIVE_COUNT - 1,
        bisectBatchOnError: true,
        onFailure: new SqsDlq(deadLetters),
        filters: [FilterCriteria.filter({ eventName: FilterRule.isEqual('INSERT'), dynamodb: { Keys: { pk: { S: FilterRule.beginsWith(outboxTopicPrefix(trigger.topic)) } } } })],
      }),
    );
    Validations.of(deadLetters).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: `This queue is the on-failure destination of job ${fn.node.id}'s stream event source, which cdk-nag does not recognise as a dead-letter queue; a dead-letter queue needs none of its own.`,
    });
  }
}
