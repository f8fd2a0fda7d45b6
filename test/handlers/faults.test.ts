/**
 * Faults: DynamoDB throttling, DynamoDB and S3 failing between a file and its record, and a
 * connection lost after DynamoDB committed. The handlers talk to the stand-ins through fault proxies
 * (support/fault-proxy.ts), so faults arrive as real protocol answers and the SDK's own retries run.
 * No half-written state survives, no committed write is lost, and the caller gets a clear error.
 *
 * The handlers read their endpoints when imported, so this file points the SDK at the proxies first
 * and imports them afterwards.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dynamoOperation, s3InternalError, startFaultProxy, throttled, type FaultProxy, type Rule } from './support/fault-proxy.js';

let dynamo: FaultProxy;
let s3: FaultProxy;
let m: Awaited<ReturnType<typeof load>>;

async function load() {
  const [createCourse, listCourses, upload, deleteDocument, documents, events, auditKeys, dynamoDb, lib] = await Promise.all([
    import('../../lambdas/functions/courses/create.js'),
    import('../../lambdas/functions/courses/list.js'),
    import('../../lambdas/functions/documents/upload.js'),
    import('../../lambdas/functions/documents/delete.js'),
    import('./support/documents.js'),
    import('./support/events.js'),
    import('../../lambdas/store/audit.js'),
    import('../../lambdas/store/dynamo.js'),
    import('@aws-sdk/lib-dynamodb'),
  ]);
  return { createCourse, listCourses, upload, deleteDocument, documents, events, auditKeys, dynamoDb, lib };
}

beforeAll(async () => {
  dynamo = await startFaultProxy(process.env.AWS_ENDPOINT_URL_DYNAMODB!);
  s3 = await startFaultProxy(process.env.AWS_ENDPOINT_URL_S3!);
  process.env.AWS_ENDPOINT_URL_DYNAMODB = dynamo.url;
  process.env.AWS_ENDPOINT_URL_S3 = s3.url;
  process.env.POWERTOOLS_LOG_LEVEL = 'ERROR'; // the 503s below are logged as warnings by design
  m = await load();
});
afterEach(() => {
  dynamo.setRule(null);
  s3.setRule(null);
});
afterAll(async () => {
  await dynamo.close();
  await s3.close();
});

const staff = { username: 'fault-staff', roles: ['staff' as const] };
const courseBody = () => ({
  name: 'Phlebotomy',
  CRN: `F${randomUUID().slice(0, 6).toUpperCase()}`,
  credit_hours: 3,
  application_price: 50,
  tuition_price: 1200,
  is_certificate_course: true,
});
const createCourse = (body: unknown) => m.events.invoke(m.createCourse.handler, m.events.apiEvent('courses-create', { caller: staff, body }));
async function coursesWithCrn(crn: string) {
  const res = await m.events.invoke(m.listCourses.handler, m.events.apiEvent('courses-list', { caller: staff }));
  return (res.body as Array<{ CRN: string }>).filter((c) => c.CRN === crn);
}
/** Audit entries today by this actor for this action (gsi1: by actor). */
async function auditCount(action: string, entityId: string) {
  // every page of this file's staff user's entries, whatever the day (a run can cross midnight UTC)
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await m.dynamoDb.db.send(
      new m.lib.QueryCommand({
        TableName: m.dynamoDb.TABLE_NAME,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :a',
        ExpressionAttributeValues: { ':a': m.auditKeys.auditKeys.byActor(staff.username) },
        ExclusiveStartKey: start,
      }),
    );
    count += (page.Items ?? []).filter((i) => i.action === action && i.entityId === entityId).length;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}

/** Faults the first `times` requests for `operation`, then lets them through. */
function failFirst(times: number, operation: string, fault = throttled): Rule {
  let left = times;
  return (request) => (dynamoOperation(request) === operation && left-- > 0 ? fault() : null);
}

describe('DynamoDB throttling', () => {
  it('is retried by the SDK: two throttled attempts, then the course and its audit entry are written once', async () => {
    const body = courseBody();
    dynamo.setRule(failFirst(2, 'TransactWriteItems'));
    const before = dynamo.seen.length;
    const res = await createCourse(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(dynamo.seen.slice(before).filter((r) => dynamoOperation(r) === 'TransactWriteItems')).toHaveLength(3);
    expect(await coursesWithCrn(body.CRN)).toHaveLength(1);
    expect(await auditCount('course.create', res.body.id)).toBe(1);
  });

  it('that outlasts the retries answers a clear 503 and writes nothing', async () => {
    const body = courseBody();
    dynamo.setRule((request) => (dynamoOperation(request) === 'TransactWriteItems' ? throttled() : null));
    const res = await createCourse(body);
    expect(res).toMatchObject({ status: 503, body: { error: 'The service is busy or unavailable - please try again in a moment' } });
    dynamo.setRule(null);
    expect(await coursesWithCrn(body.CRN)).toEqual([]);
    // nothing half-written: the CRN is still free
    expect((await createCourse(body)).status).toBe(201);
  });
});

describe('a connection lost after DynamoDB committed', () => {
  // TransactWriteItems' ClientRequestToken is an idempotency token the SDK fills in itself and keeps
  // across its retries; DynamoDB answers a repeat with success without writing again.
  it('the SDK retries with the same request token: the course exists once and the caller hears 201, not a conflict', async () => {
    const body = courseBody();
    let lost = false;
    dynamo.setRule((request) => {
      if (lost || dynamoOperation(request) !== 'TransactWriteItems') return null;
      lost = true;
      return { kind: 'lose-answer' };
    });
    const before = dynamo.seen.length;
    const res = await createCourse(body);
    expect(lost).toBe(true);
    const tokens = dynamo.seen
      .slice(before)
      .filter((r) => dynamoOperation(r) === 'TransactWriteItems')
      .map((r) => JSON.parse(r.body).ClientRequestToken);
    expect(tokens).toHaveLength(2);
    expect(tokens[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(tokens[1]).toBe(tokens[0]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await coursesWithCrn(body.CRN)).toHaveLength(1);
    expect(await auditCount('course.create', res.body.id)).toBe(1);
  });
});

describe('S3 and DynamoDB failing between a document file and its record', () => {
  const title = () => `Fault ${randomUUID().slice(0, 8)}`;
  const fileStem = () => randomUUID().slice(0, 8);
  const uploadOne = (t: string, stem: string) =>
    m.documents.uploadForm(m.documents.staff, { title: t, scope: 'general', is_public: 'true' }, m.documents.text(`${stem}.txt`, `Contents of ${t}`));
  const stored = async (t: string, stem: string) => ({
    records: (await m.documents.documentsTitled(t)).length,
    objects: (await m.documents.keysContaining('documents/', stem)).length,
  });

  it('S3 failing to store the file: a clear 503, no record and no object', async () => {
    const [t, stem] = [title(), fileStem()];
    s3.setRule((request) => (request.method === 'PUT' && request.path.includes(stem) ? s3InternalError() : null));
    const res = await uploadOne(t, stem);
    expect(res).toMatchObject({ status: 503, body: { error: expect.stringMatching(/try again/) } });
    s3.setRule(null);
    expect(await stored(t, stem)).toEqual({ records: 0, objects: 0 });
  });

  it('DynamoDB failing after the file is stored: a clear 503, and the file is removed again', async () => {
    const [t, stem] = [title(), fileStem()];
    dynamo.setRule((request) => (dynamoOperation(request) === 'TransactWriteItems' && request.body.includes(stem) ? throttled() : null));
    const res = await uploadOne(t, stem);
    expect(res.status, JSON.stringify(res.body)).toBe(503);
    expect(s3.seen.some((r) => r.method === 'PUT' && r.path.includes(stem))).toBe(true); // the file was stored first
    dynamo.setRule(null);
    expect(await stored(t, stem)).toEqual({ records: 0, objects: 0 });
  });

  it('S3 failing to delete the file: the record is gone for everyone and the answer is success (the file stays in the versioned bucket)', async () => {
    const [t, stem] = [title(), fileStem()];
    const created = await uploadOne(t, stem);
    expect(created.status).toBe(201);
    s3.setRule((request) => (request.method === 'DELETE' && request.path.includes(stem) ? s3InternalError() : null));
    const res = await m.events.invoke(m.deleteDocument.handler, m.events.apiEvent('documents-delete', { caller: m.documents.staff, pathParameters: { id: created.body.id } }));
    expect(res.status).toBe(200);
    s3.setRule(null);
    expect(await stored(t, stem)).toEqual({ records: 0, objects: 1 });
  });
});
