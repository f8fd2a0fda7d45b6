/**
 * Clinical compliance: the requirement templates and the students' submissions.
 *  - Templates: one partition (COMPLIANCE_REQUIREMENTS), one item each, and the set's version: all of them are one
 *    Query. A template left out of a PUT is retired, not deleted, so the history of what was handed in for it stays
 *    readable. A PUT names the version its editor read, so a save made meanwhile by another admin is never undone.
 *  - Submissions: in the student's partition (`COMPLIANCE#<submitted at>#<id>`), so a student's compliance
 *    record is one Query. Also, sparse:
 *      gsi1 `COMPLIANCE#COHORT#<cohort>` by last name: the cohort grid, one Query (moved with the student);
 *      gsi2 `COMPLIANCE_QUEUE` by time while waiting for review (the review queue), then, once approved with
 *      an expiry, `COMPLIANCE_EXPIRY` by that day (expiring and expired items, the reminder sweep).
 *    A pointer (`COMPLIANCE_SUBMISSION#<id>`) finds one by id for a decision or a file.
 */
import { COMPLIANCE_CATEGORIES, EVIDENCE_KINDS, SUBMISSION_KINDS, SUBMISSION_STATUSES, type ComplianceRequirement, type RequirementInput } from '../contract/compliance.js';
import { PROGRAM_TYPES } from '../contract/programs.js';
import * as z from '../contract/zod.js';
import { Conflict, Invalid } from '../domain/errors.js';
import { newIdFrom } from '../domain/slug.js';
import { auditPut, type AuditEntry } from './audit.js';
import { entity, getItem, queryAll, queryCount, queryPage, TABLE_NAME, transactWrite, versionIs, type Item, type RecordOf, type TransactItems } from './dynamo.js';
import { complianceKeys, SUBMISSION_TYPE } from './compliance-keys.js';
import { studentKeys } from './student.js';

export { complianceKeys };

/** DynamoDB's limit of items in one TransactWriteItems. */
const MAX_TRANSACTION_ITEMS = 100;

const Validity = () =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('none') }),
    z.object({ kind: z.literal('months'), months: z.number() }),
    z.object({ kind: z.literal('seasonal'), month: z.number(), day: z.number() }),
  ]);

export const Requirement = entity(
  'compliance-requirement',
  () =>
    z.object({
      id: z.string(),
      name: z.string(),
      category: z.enum(COMPLIANCE_CATEGORIES),
      evidence: z.enum(EVIDENCE_KINDS),
      validity: Validity(),
      applies_to: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('program_type'), program_type: z.enum(PROGRAM_TYPES) }),
        z.object({ kind: z.literal('cohort'), cohort_id: z.string() }),
        z.object({ kind: z.literal('site') }),
      ]),
      due_days_from_cohort_start: z.nullable(z.number()),
      guidelines: z.string(),
      alternatives: z.array(z.string()),
      exemption_allowed: z.boolean(),
      retired: z.boolean(),
      updatedAt: z.string(),
    }),
  (r) => complianceKeys.requirement(r.id),
);
export type RequirementRecord = RecordOf<typeof Requirement>;

export const Submission = entity(
  SUBMISSION_TYPE,
  () =>
    z.object({
      id: z.string(),
      username: z.string(),
      lastName: z.string(),
      cohortId: z.nullable(z.string()),
      requirement_id: z.string(),
      kind: z.enum(SUBMISSION_KINDS),
      alternative: z.nullable(z.number()),
      files: z.array(z.object({ key: z.string(), name: z.string(), size: z.number(), content_type: z.string() })),
      completed_on: z.nullable(z.string()),
      expires_on: z.nullable(z.string()),
      attested: z.boolean(),
      note: z.string(),
      status: z.enum(SUBMISSION_STATUSES),
      reason: z.nullable(z.string()),
      submitted_by: z.string(),
      submitted_at: z.string(),
      decided_by: z.nullable(z.string()),
      decided_at: z.nullable(z.string()),
    }),
  (s) => ({
    ...complianceKeys.submission(s.username, s.submitted_at, s.id),
    ...(s.cohortId
      ? { gsi1pk: complianceKeys.cohort(s.cohortId), gsi1sk: complianceKeys.cohortSort(s.lastName, s.username, complianceKeys.submission(s.username, s.submitted_at, s.id).sk) }
      : {}),
    ...(s.status === 'pending'
      ? { gsi2pk: complianceKeys.queue, gsi2sk: `${s.submitted_at}#${s.id}` }
      : s.status === 'approved' && s.expires_on
        ? { gsi2pk: complianceKeys.expiry, gsi2sk: `${s.expires_on}#${s.username}#${s.id}` }
        : {}),
  }),
);
export type SubmissionRecord = RecordOf<typeof Submission>;

/** The pointer names the submission's sort key as `submissionSk`: its own `sk` is the pointer's key (POINTER). */
const Pointer = () => z.object({ username: z.string(), submissionSk: z.string() });

/** The pointer item that finds a submission by its id (written with the submission; also by the demo seed). */
export const pointerItem = (s: Pick<SubmissionRecord, 'id' | 'username' | 'submitted_at'>): Item => ({
  ...complianceKeys.pointer(s.id),
  type: 'compliance-pointer',
  username: s.username,
  submissionSk: complianceKeys.submission(s.username, s.submitted_at, s.id).sk,
});

/** Every template, the retired ones included (a student's history may name them), and the set's version (0: never saved). */
export async function requirementSet(): Promise<{ records: RequirementRecord[]; version: number }> {
  const items = await queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': complianceKeys.requirements } });
  const isVersion = (i: Item) => i.sk === complianceKeys.requirementsVersion.sk;
  const records = items.filter((i) => !isVersion(i)).map(Requirement.fromItem);
  return { records: records.sort((a, b) => a.name.localeCompare(b.name)), version: Number(items.find(isVersion)?.version ?? 0) };
}

/** Every template, the retired ones included. */
export const listRequirements = async (): Promise<RequirementRecord[]> => (await requirementSet()).records;

export const activeRequirements = (all: readonly RequirementRecord[]): ComplianceRequirement[] => all.filter((r) => !r.retired).map(toRequirement);

export function toRequirement(r: RequirementRecord): ComplianceRequirement {
  const { retired: _retired, updatedAt: _updatedAt, ...requirement } = r;
  return requirement;
}

/** 409 for a save of the set as it was before another save. */
export const SET_CHANGED = 'The requirements were changed by someone else since you opened them. Reload to see their changes, then make yours again.';

/**
 * Replaces the set of templates, with its audit entry, in one transaction: new ones get an id from their name,
 * kept ones are updated, left-out ones retired, and the set's version raised. The transaction holds only if the set
 * is still at `version`, the one its editor read: else a 409, and nothing is written. An id that names no template is
 * refused too (409: changed meanwhile). Answers the templates in force and the new version.
 */
export async function replaceRequirements(
  inputs: readonly RequirementInput[],
  version: number,
  actor: string,
  at: string,
  /** The set as the caller already read it (saves the Query). */
  read?: { records: readonly RequirementRecord[]; version: number },
): Promise<{ requirements: ComplianceRequirement[]; version: number }> {
  const { records: existing, version: current } = read ?? (await requirementSet());
  if (version !== current) throw new Conflict(SET_CHANGED);
  const known = new Map(existing.map((r) => [r.id, r]));
  const unknown = inputs.find((r) => r.id !== undefined && !known.has(r.id));
  if (unknown) throw new Conflict(`requirements: no requirement ${unknown.id} (it may have been removed meanwhile)`);
  const taken = new Set(existing.map((r) => r.id));
  const records: RequirementRecord[] = inputs.map((input) => {
    const id = input.id ?? newIdFrom(input.name, 'requirement', taken);
    return { ...input, id, retired: false, updatedAt: at };
  });
  const kept = new Set(records.map((r) => r.id));
  const retiring = existing.filter((r) => !r.retired && !kept.has(r.id)).map((r) => ({ ...r, retired: true, updatedAt: at }));
  // one transaction holds at most 100 items: the puts, the retirements, the audit entry and the version
  if (records.length + retiring.length + 2 > MAX_TRANSACTION_ITEMS) {
    throw new Invalid(`requirements: at most ${MAX_TRANSACTION_ITEMS - 2} templates may be saved and retired in one step; retire some first`);
  }
  const audit: AuditEntry = {
    actor,
    action: 'compliance.requirements.update',
    entityType: 'compliance-requirements',
    entityId: 'all',
    subject: `compliance-requirements ${records.length} in force, ${retiring.length} retired`,
    after: {
      requirements: records.length,
      retired: retiring.length,
      names: records
        .map((r) => r.name)
        .join(', ')
        .slice(0, 500),
    },
  };
  const versionPut = {
    Put: {
      TableName: TABLE_NAME,
      Item: { ...complianceKeys.requirementsVersion, type: 'compliance-requirements-version', version: version + 1, updatedAt: at },
      ...versionIs(version),
    },
  };
  await transactWrite([...[...records, ...retiring].map((r) => ({ Put: { TableName: TABLE_NAME, Item: Requirement.item(r) } })), auditPut(audit, at), versionPut], () => {
    throw new Conflict(SET_CHANGED);
  });
  return { requirements: records.map(toRequirement), version: version + 1 };
}

/** A student's submissions, every one: one Query of their partition. */
export async function studentSubmissions(username: string): Promise<SubmissionRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': studentKeys.student(username), ':prefix': complianceKeys.submissionPrefix },
  });
  return items.map(Submission.fromItem);
}

/** The submission with this id, or null. */
export async function getSubmission(id: string): Promise<SubmissionRecord | null> {
  const pointer = await getItem(complianceKeys.pointer(id));
  if (!pointer) return null;
  const { username, submissionSk } = Pointer().parse(pointer);
  const item = await getItem({ pk: studentKeys.student(username), sk: submissionSk }, { consistent: true });
  return item ? Submission.fromItem(item) : null;
}

/**
 * Stores a new submission (and, for one staff hand in for a student, its approval) with its pointer and audit entry,
 * on condition that the student is still in the cohort it was placed in: a cohort move reads the student's items
 * once, so one written after that read would stay in the old cohort's grid (409, the caller tries again).
 */
export async function createSubmission(record: SubmissionRecord, audit: AuditEntry, also: TransactItems = []): Promise<void> {
  await transactWrite(
    [
      {
        ConditionCheck: {
          TableName: TABLE_NAME,
          Key: studentKeys.profile(record.username),
          ConditionExpression: record.cohortId ? 'cohortId = :cohort' : 'attribute_not_exists(cohortId) OR cohortId = :cohort',
          ExpressionAttributeValues: { ':cohort': record.cohortId },
        },
      },
      { Put: { TableName: TABLE_NAME, Item: Submission.item(record), ConditionExpression: 'attribute_not_exists(pk)' } },
      {
        Put: {
          TableName: TABLE_NAME,
          Item: pointerItem(record),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      auditPut(audit, record.submitted_at),
      ...also,
    ],
    ([failed]) => {
      throw new Conflict(failed === 0 ? 'The student was moved to another cohort meanwhile; try again' : 'submission already exists');
    },
  );
}

/**
 * Records a decision on a submission still waiting for review, with its audit entry: 409 when someone decided it
 * meanwhile. It leaves the queue index and, approved with an expiry, joins the expiry index (gsi2). Only the decision's
 * fields are set: the cohort fields (gsi1, cohortId) are a cohort move's, which may have changed them since the read.
 */
export async function decideSubmission(decided: SubmissionRecord, audit: AuditEntry): Promise<void> {
  const { gsi2pk, gsi2sk } = Submission.keysOf(decided);
  await transactWrite(
    [
      {
        Update: {
          TableName: TABLE_NAME,
          Key: complianceKeys.submission(decided.username, decided.submitted_at, decided.id),
          UpdateExpression: `SET #status = :status, completed_on = :completed, expires_on = :expires, reason = :reason, decided_by = :by, decided_at = :at${
            gsi2pk ? ', gsi2pk = :gsi2pk, gsi2sk = :gsi2sk' : ' REMOVE gsi2pk, gsi2sk'
          }`,
          ConditionExpression: '#status = :pending',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':pending': 'pending',
            ':status': decided.status,
            ':completed': decided.completed_on,
            ':expires': decided.expires_on,
            ':reason': decided.reason,
            ':by': decided.decided_by,
            ':at': decided.decided_at,
            ...(gsi2pk ? { ':gsi2pk': gsi2pk, ':gsi2sk': gsi2sk } : {}),
          },
        },
      },
      auditPut(audit, decided.decided_at ?? undefined),
    ],
    () => {
      throw new Conflict('This submission has already been decided');
    },
  );
}

/** One page of the review queue (oldest first), or of approvals by expiry day between `from` and `to`. */
export async function submissionsPage(
  view: { kind: 'pending' } | { kind: 'expiry'; from: string; to: string },
  filter: { cohortId?: string; requirementId?: string },
  limit: number,
  cursor?: Record<string, unknown>,
) {
  const conditions: string[] = [];
  const values: Record<string, unknown> = {};
  if (filter.cohortId) {
    conditions.push('cohortId = :cohort');
    values[':cohort'] = filter.cohortId;
  }
  if (filter.requirementId) {
    conditions.push('requirement_id = :requirement');
    values[':requirement'] = filter.requirementId;
  }
  const filterExpression = conditions.length ? { FilterExpression: conditions.join(' AND ') } : {};
  const input =
    view.kind === 'pending'
      ? { IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': complianceKeys.queue, ...values }, ...filterExpression }
      : {
          IndexName: 'gsi2',
          KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk BETWEEN :from AND :to',
          ExpressionAttributeValues: { ':pk': complianceKeys.expiry, ':from': view.from, ':to': `${view.to}#\uffff`, ...values },
          ...filterExpression,
        };
  if (!conditions.length) {
    const page = await queryPage(input, limit, cursor);
    return { submissions: page.items.map(Submission.fromItem), lastKey: page.lastKey };
  }
  // DynamoDB filters after it has read a page's items, so a filtered page can come back short or empty while the
  // queue goes on. Read on (FILTERED_READ items at a time, at most FILTERED_ROUNDS requests) until the page is full;
  // the cursor is then the last item returned, so nothing read beyond it is skipped.
  const found: Item[] = [];
  let key = cursor;
  for (let round = 0; round < FILTERED_ROUNDS && found.length < limit; round++) {
    const page = await queryPage(input, FILTERED_READ, key);
    found.push(...page.items);
    key = page.lastKey;
    if (!key) break;
  }
  const submissions = found.slice(0, limit).map(Submission.fromItem);
  const last = found.length > limit ? found[limit - 1] : key ? found.at(-1) : undefined;
  return { submissions, lastKey: last ? indexKeyOf(last) : found.length ? undefined : key };
}

/** Items a filtered queue read examines per request, and the requests one page may take. */
const FILTERED_READ = 100;
const FILTERED_ROUNDS = 5;

/** Where a Query of gsi2 resumes after `item` (its LastEvaluatedKey: the table's keys and the index's). */
const indexKeyOf = (item: Item) => ({ pk: item.pk, sk: item.sk, gsi2pk: item.gsi2pk, gsi2sk: item.gsi2sk });

/** A cohort's submissions: one Query of gsi1 (paged through). */
export async function cohortSubmissions(cohortId: string): Promise<SubmissionRecord[]> {
  const items = await queryAll({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': complianceKeys.cohort(cohortId) } });
  return items.map(Submission.fromItem);
}

/** How many submissions wait for review, and how many approvals expire between `from` and `to`: Queries of gsi2 that count, reading no items out. */
export async function queueCounts(from: string, to: string): Promise<{ pending: number; expiring: number }> {
  const [pending, expiring] = await Promise.all([
    queryCount({ IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': complianceKeys.queue } }),
    queryCount({
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': complianceKeys.expiry, ':from': from, ':to': `${to}#\uffff` },
    }),
  ]);
  return { pending, expiring };
}
