/**
 * Faults: the local stack is killed while admins are writing (the gateway and its handlers,
 * cognito-local and s3rver with SIGKILL; DynamoDB Local stopped, see killEverything), then started
 * again on the same data. Every write that was
 * acknowledged is still there (no lost committed write); every write is all there or not there at
 * all (no half-written state): a course with its CRN marker and audit entry, a charge with the
 * student's cached balance and its audit entry.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { localClientConfig, LOCAL_TABLE } from '../../lib/local/endpoints.js';
import { localCredentials } from '../../lib/local/local-credentials.js';
import { auditKeys } from '../../lambdas/store/audit.js';
import { studentKeys } from '../../lambdas/store/student.js';
import { courseKeys } from '../../lambdas/store/course.js';
import { freePortalPorts, spawnPortal, type SpawnedPortal } from '../setup/spawn-portal.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-kill-'));
let portal: SpawnedPortal | undefined;
afterAll(async () => {
  await portal?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Every process of this stack: they all inherited PORTAL_DATA_DIR (the children run in their own process groups). */
function processesOf(dir: string): number[] {
  const marker = `PORTAL_DATA_DIR=${dir}\0`;
  return fs
    .readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .map(Number)
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/environ`, 'latin1').includes(marker);
      } catch {
        return false;
      }
    });
}

const isDynamoDbLocal = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes('DynamoDBLocal');
  } catch {
    return false;
  }
};

/**
 * SIGKILL to the gateway with the handlers in it, cognito-local and s3rver at once: requests die
 * half-way, nothing gets to clean up. DynamoDB Local alone is stopped with SIGTERM: it stands in for
 * a managed service that acknowledges a write only once it is durable, and under SIGKILL it has been
 * seen (in a loaded CI run) to lose a write it had acknowledged, which is its promise, not ours.
 */
async function killEverything(dir: string) {
  const pids = processesOf(dir);
  expect(pids.length).toBeGreaterThanOrEqual(4); // node + DynamoDB Local + s3rver + cognito-local
  for (const pid of pids)
    try {
      process.kill(pid, isDynamoDbLocal(pid) ? 'SIGTERM' : 'SIGKILL');
    } catch {
      /* already gone */
    }
  for (let i = 0; i < 300 && processesOf(dir).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
  expect(processesOf(dir)).toEqual([]);
}

async function call(url: string, token: string | null, method: string, body?: unknown) {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

interface Attempt {
  kind: 'course' | 'charge';
  marker: string;
  status: number | 'lost';
}

describe('the local stack killed in the middle of writes', () => {
  it('after a restart every acknowledged write is there, and no write is there by halves', { timeout: 420_000 }, async () => {
    const ports = await freePortalPorts();
    portal = await spawnPortal(dataDir, ports);
    const api = portal.url;
    const admin = (await call(`${api}/api/users/login/`, null, 'POST', { username: 'admin', password: 'Admin!2345' })).body.token as string;
    const record = (await call(`${api}/api/students/student/`, admin, 'GET')).body;
    const program = record.payment_details.certificate_courses[0] ?? record.payment_details.diploma_programs[0];
    const run = randomUUID().slice(0, 6).toUpperCase();

    // Writers keep going until the stack dies under them.
    const attempts: Attempt[] = [];
    let n = 0;
    const writer = async () => {
      for (;;) {
        const i = n++;
        const attempt: Attempt = i % 2 === 0 ? { kind: 'course', marker: `K${run}${i}`, status: 'lost' } : { kind: 'charge', marker: `Kill test ${run} #${i}`, status: 'lost' };
        attempts.push(attempt);
        try {
          const res =
            attempt.kind === 'course'
              ? await call(`${api}/api/courses/create/`, admin, 'POST', {
                  name: 'Phlebotomy',
                  CRN: attempt.marker,
                  credit_hours: 3,
                  application_price: 25,
                  tuition_price: 900,
                  is_certificate_course: true,
                })
              : await call(`${api}/api/students/student/charges/`, admin, 'POST', {
                  program_type: program.program_type,
                  program_id: program.id,
                  kind: 'charge',
                  amount: '1.25',
                  reason: attempt.marker,
                });
          attempt.status = res.status;
        } catch {
          return; // connection refused or reset: the stack is gone
        }
      }
    };
    const writers = Array.from({ length: 6 }, writer);
    while (attempts.filter((a) => a.status === 201).length < 30) await new Promise((r) => setTimeout(r, 20));
    await killEverything(dataDir);
    await Promise.all(writers);
    const acknowledged = attempts.filter((a) => a.status === 201);
    expect(attempts.filter((a) => a.status !== 201 && a.status !== 'lost')).toEqual([]); // no write failed for another reason

    portal = await spawnPortal(dataDir, ports);
    const db = DynamoDBDocumentClient.from(new DynamoDBClient(localClientConfig(`http://127.0.0.1:${ports.dynamodb}`, localCredentials(dataDir))));
    /** The audit entries of one action, straight from the table (its byAction index). */
    const auditOf = (action: string) =>
      db.send(
        new QueryCommand({ TableName: LOCAL_TABLE, IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :a', ExpressionAttributeValues: { ':a': auditKeys.byAction(action) } }),
      );
    const token = (await call(`${api}/api/users/login/`, null, 'POST', { username: 'admin', password: 'Admin!2345' })).body.token as string;

    // Courses: each one whole (course, CRN marker, audit entry) or absent; every acknowledged one present.
    const courses = (await call(`${api}/api/courses/`, token, 'GET')).body as Array<{ id: string; CRN: string }>;
    const audit = await auditOf('course.create');
    for (const attempt of attempts.filter((a) => a.kind === 'course')) {
      const course = courses.find((c) => c.CRN === attempt.marker);
      if (attempt.status === 201) expect(course, `acknowledged course ${attempt.marker}`).toBeDefined();
      if (!course) continue;
      expect(
        (audit.Items ?? []).filter((e) => e.entityId === course.id),
        `audit of ${attempt.marker}`,
      ).toHaveLength(1);
      const crnMarker = await db.send(new GetCommand({ TableName: LOCAL_TABLE, Key: courseKeys.crn(attempt.marker) }));
      expect(crnMarker.Item, `CRN marker of ${attempt.marker}`).toBeDefined();
    }

    // Charges: every acknowledged one in the ledger; the cached balance is the sum of the ledger.
    const after = (await call(`${api}/api/students/student/`, token, 'GET')).body as { ledger_entries: Array<{ reason: string | null }> };
    const reasons = new Set(after.ledger_entries.map((e) => e.reason));
    for (const attempt of acknowledged.filter((a) => a.kind === 'charge')) expect(reasons.has(attempt.marker), attempt.marker).toBe(true);
    const chargeAudits = await auditOf('student.charge');
    const landed = [...reasons].filter((r) => r?.startsWith(`Kill test ${run} `));
    expect((chargeAudits.Items ?? []).filter((e) => landed.some((r) => JSON.stringify(e.after ?? '').includes(r!)))).toHaveLength(landed.length);
    const profile = (await db.send(new GetCommand({ TableName: LOCAL_TABLE, Key: studentKeys.profile('student') }))).Item!;
    // the bill is computed from the entries themselves; the cached balance must agree to the cent
    const details = (after as unknown as { payment_details: Record<string, Array<{ amount_due: number; amount_paid: number }> | string | null> }).payment_details;
    const programs = ['certificate_courses', 'diploma_programs', 'associate_programs'].flatMap((list) => details[list] as Array<{ amount_due: number; amount_paid: number }>);
    expect(profile.balanceCents).toBe(programs.reduce((sum, p) => sum + Math.round(p.amount_due * 100) - Math.round(p.amount_paid * 100), 0));
    expect(acknowledged.length).toBeGreaterThanOrEqual(30);
    console.info(
      `[kill-restart] ${attempts.length} writes: ${acknowledged.length} acknowledged before the kill, ${attempts.length - acknowledged.length} in flight; ${landed.length} charges and ${courses.filter((c) => c.CRN.startsWith(`K${run}`)).length} courses after the restart`,
    );
  });
});
