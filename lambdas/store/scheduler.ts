/**
 * EventBridge Scheduler adapter: makes the one-time schedule that starts a job at a set time, for a job
 * holding the `schedule:<job id>` grant. What it targets (the job's function, the role Scheduler assumes
 * to invoke it, the job's dead-letter queue) comes from SCHEDULE_TARGET_<JOB_ID>, which the jobs stack
 * sets with the grant; the endpoint from the SDK's own configuration (AWS_ENDPOINT_URL_SCHEDULER locally:
 * lib/local/local-scheduler.ts), so this code is the cloud's.
 */
import { ConflictException, CreateScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { scheduleTargetVariable, type OneTimeJobId } from '../jobs.js';
import { atExpression, scheduleName, type OneTimeRun } from '../schedule/one-time.js';

let scheduler: SchedulerClient | undefined;

interface Target {
  arn: string;
  roleArn: string;
  deadLetterArn: string;
}

function targetOf(job: OneTimeJobId): Target {
  const raw = process.env[scheduleTargetVariable(job)];
  if (!raw) throw new Error(`No schedule target for job ${job}: set ${scheduleTargetVariable(job)} (the CDK does, with the schedule:${job} grant)`);
  return JSON.parse(raw) as Target;
}

/**
 * The retries of handing the run to Lambda, as the jobs stack's cron schedules have (lib/stacks/jobs-stack.ts):
 * an hour, then the job's dead-letter queue. Lambda's own retries of a failed run follow its async invoke config.
 */
const RETRY_POLICY = { MaximumEventAgeInSeconds: 3600, MaximumRetryAttempts: 5 };

/**
 * Creates the schedule for `time`; answers false when it already exists (an earlier try of the same outbox
 * message made it: the name is the run's). It deletes itself once run (ActionAfterCompletion DELETE,
 * https://docs.aws.amazon.com/scheduler/latest/UserGuide/managing-schedule-delete.html), so none is left behind.
 */
export async function createOneTimeSchedule(run: OneTimeRun, time: Date): Promise<boolean> {
  const target = targetOf(run.job);
  scheduler ??= new SchedulerClient({});
  try {
    await scheduler.send(
      new CreateScheduleCommand({
        Name: scheduleName(run),
        GroupName: process.env.SCHEDULE_GROUP_NAME,
        Description: `${run.job} for ${run.key}`,
        ScheduleExpression: atExpression(time),
        ScheduleExpressionTimezone: 'UTC',
        FlexibleTimeWindow: { Mode: 'OFF' },
        ActionAfterCompletion: 'DELETE',
        Target: {
          Arn: target.arn,
          RoleArn: target.roleArn,
          // as the cron schedules' input: the run is as of the time it was set for (lambdas/schedule/job.ts)
          Input: JSON.stringify({ scheduledTime: '<aws.scheduler.scheduled-time>' }),
          RetryPolicy: RETRY_POLICY,
          DeadLetterConfig: { Arn: target.deadLetterArn },
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConflictException) return false;
    throw error;
  }
}
