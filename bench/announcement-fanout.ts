/**
 * A 300-student cohort announcement on the local stack: how long POST /api/announcements/ takes to
 * answer (it only stores and queues), and how long until every recipient has their notice and their
 * email is in the SES stand-in's store. The local queue runs the consumer at most twice at once, as
 * the cloud's event source does (lambdas/jobs.ts maxConcurrency).
 *
 * Standalone (`npx tsx bench/announcement-fanout.ts [--students N]`), and a row of `npm run bench`.
 */
import '../lib/local/quiet-node-version-warning.js';
import type { LocalStack } from '../lib/local/stack.js';
import { isStandalone, onThrowawayStack, studentsArg } from './standalone.js';

export interface FanoutResult {
  students: number;
  answerMs: number;
  noticesMs: number;
  emailsMs: number;
}

/** Measures on a running stack (its env applied to this process, as startLocalStack does). */
export async function measureAnnouncementFanout(stack: Pick<LocalStack, 'endpoints'>, students = 300): Promise<FanoutResult> {
  const { randomCohort } = await import('../test/handlers/support/cohorts.js');
  const { createStudent } = await import('../lambdas/store/student.js');
  const { handler } = await import('../lambdas/functions/announcements/create.js');
  const tag = `fan${Date.now().toString(36)}`;
  const cohort = await randomCohort('bench', { programName: 'Fan-out', programType: 'diploma', firstYear: 2040, years: 1 });
  const usernames = Array.from({ length: students }, (_, i) => `${tag}-${i}`);
  for (const username of usernames) {
    await createStudent({
      profile: {
        username,
        sub: `sub-${username}`,
        firstName: 'Fan',
        lastName: `Out${username}`,
        email: `${username}@bench.example.edu`,
        phone: null,
        createdAt: new Date().toISOString(),
        onPaymentPlan: false,
        programType: 'diploma',
        programName: 'Fan-out',
        cohortId: cohort.id,
      },
      enrollments: [],
      entries: [],
    });
  }
  const mailStore = `${stack.endpoints.mail}/local/mail/store`;
  const emailsSent = async () =>
    ((await (await fetch(mailStore)).json()) as { emails: Array<{ destination: { to: string[] } }> }).emails.filter((e) => e.destination.to[0]?.startsWith(tag)).length;

  const started = Date.now();
  const event = {
    requestContext: { requestId: 'bench', authorizer: { jwt: { claims: { username: 'bench-staff', sub: 'x', 'cognito:groups': '[staff]' } } } },
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ subject: 'Clinical orientation', body: 'Bring your badge.', audience: 'cohort', cohort_id: cohort.id, send_email: true }),
    isBase64Encoded: false,
  };
  const res = await handler(event as never, { getRemainingTimeInMillis: () => 10_000 } as never);
  const answerMs = Date.now() - started;
  if (res.statusCode !== 201) throw new Error(`announcement refused: ${res.statusCode} ${res.body}`);
  let noticesMs = 0;
  const { listNotices } = await import('../lambdas/store/notification.js');
  const last = usernames[usernames.length - 1]!;
  for (;;) {
    if (!noticesMs && (await listNotices(last, 1)).notices.length === 1) noticesMs = Date.now() - started;
    if ((await emailsSent()) >= students) break;
    if (Date.now() - started > 300_000) throw new Error('the fan-out did not finish in 5 minutes');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { students, answerMs, noticesMs, emailsMs: Date.now() - started };
}

async function main(argv: string[]) {
  const students = studentsArg(argv, 300);
  await onThrowawayStack('fanout', async (stack) => {
    const r = await measureAnnouncementFanout(stack, students);
    console.log(`${r.students} recipients: answered in ${r.answerMs} ms; the last recipient's notice after ${r.noticesMs} ms; every email in the store after ${r.emailsMs} ms`);
  });
}

if (isStandalone(import.meta.url)) await main(process.argv.slice(2));
