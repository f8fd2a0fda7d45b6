/**
 * GET and PUT /api/compliance/requirements/ against DynamoDB Local: the admin replaces the set of templates
 * (new ones get an id, kept ones keep theirs, left-out ones are retired but stay in students' histories),
 * refusals for duplicate names and unknown cohorts, and the audit entry.
 */
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ComplianceRequirement } from '../../lambdas/contract/compliance.js';
import { handler as getRequirements } from '../../lambdas/functions/compliance/requirements-get.js';
import { handler as putRequirements } from '../../lambdas/functions/compliance/requirements-put.js';
import { complianceKeys } from '../../lambdas/store/compliance.js';
import { db, TABLE_NAME } from '../../lambdas/store/dynamo.js';
import { auditEntriesOf } from './support/audit-entries.js';
import { complianceCohort, complianceStudent, newAdmin, pendingSubmission, putTemplates, template, viewComplianceAs } from './support/compliance.js';
import { apiEvent, invoke, type Caller } from './support/events.js';

const admin = newAdmin();
const read = async (caller: Caller = admin) =>
  (await invoke(getRequirements, apiEvent('compliance-requirements-get', { caller }))).body as { requirements: ComplianceRequirement[]; version: number };
const list = async (caller: Caller = admin) => (await read(caller)).requirements;
/** PUT of the set as of `version`: by default the one in force now, as an editor that has just read it. */
const put = async (requirements: unknown[], caller: Caller = admin, version?: number) =>
  invoke(putRequirements, apiEvent('compliance-requirements-put', { caller, body: { requirements, version: version ?? (await read()).version } }));
/** Templates of other test files in force now: a PUT replaces the whole set, so it carries them on. */
const others = async (mine: (r: ComplianceRequirement) => boolean) => (await list()).filter((r) => !mine(r));
const input = (t: ComplianceRequirement, keepId = false) => {
  const { id, ...rest } = t;
  return keepId ? { id, ...rest } : rest;
};

let cohortId: string;
const ofMyCohort = (r: ComplianceRequirement) => r.applies_to.kind === 'cohort' && r.applies_to.cohort_id === cohortId;

describe('compliance requirement templates', () => {
  beforeAll(async () => {
    cohortId = (await complianceCohort()).id;
  });

  it('creates, keeps by id and retires the left-out; the retired one stays in the history of a student who handed it in', async () => {
    const bls = template(cohortId, { name: 'BLS card' });
    const flu = template(cohortId, { name: 'Flu shot', category: 'immunization', evidence: 'date_only', validity: { kind: 'seasonal', month: 3, day: 31 } });
    const created = await put([...(await others(ofMyCohort)), input(bls), input(flu)]);
    expect(created.status).toBe(200);
    const mine = (created.body.requirements as ComplianceRequirement[]).filter(ofMyCohort);
    // a new template's id comes from its name (unique when the name was taken)
    expect(mine.map((r) => r.name).sort()).toEqual(['BLS card', 'Flu shot']);
    const blsId = mine.find((r) => r.name === 'BLS card')!.id;
    const fluId = mine.find((r) => r.name === 'Flu shot')!.id;
    expect(blsId).toMatch(/^bls-card/);
    expect((await list()).filter(ofMyCohort)).toEqual(expect.arrayContaining(mine));

    const { caller: student } = await complianceStudent(cohortId);
    const handedIn = await pendingSubmission(student, fluId);

    // the flu template is left out; the BLS one is kept by its id with a new name
    const kept = await put([...(await others(ofMyCohort)), { ...input({ ...bls, id: blsId }, true), name: 'BLS card (AHA)' }]);
    expect(kept.status).toBe(200);
    expect((await list()).filter(ofMyCohort).map((r) => [r.id, r.name])).toEqual([[blsId, 'BLS card (AHA)']]);

    const view = await viewComplianceAs(student, student.username);
    expect(view.status).toBe(200);
    // no longer asked of the student, and no longer holding back their clearance...
    expect(view.body.requirements.map((s: { requirement: { id: string } }) => s.requirement.id)).toEqual([blsId]);
    // ...but what they handed in for it is still theirs to see
    expect(view.body.retired).toEqual([
      expect.objectContaining({ requirement: expect.objectContaining({ id: fluId, name: 'Flu shot' }), history: [expect.objectContaining({ id: handedIn })] }),
    ]);
  });

  it('refuses the same name twice for one cohort (whatever the case), an unknown cohort and an unknown id; changes nothing', async () => {
    const before = await list();
    const a = template(cohortId, { name: 'TB test' });
    expect(await put([...(await others(ofMyCohort)), input(a), { ...input(a), name: 'tb TEST' }])).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/^requirements\.\d+\.name: /) },
    });
    const nowhere = template('no-such-cohort');
    expect(await put([...(await others(ofMyCohort)), input(nowhere)])).toEqual(expect.objectContaining({ status: 400, body: { error: 'requirements: no cohort no-such-cohort' } }));
    expect(await put([...(await others(ofMyCohort)), { ...input(a), id: 'never-made' }])).toMatchObject({ status: 409 });
    expect((await list()).filter(ofMyCohort)).toEqual(before.filter(ofMyCohort));
    // the same name for another audience is no duplicate
    const second = (await complianceCohort()).id;
    const both = await put([...(await others(ofMyCohort)), input(a), input(template(second, { name: 'TB test' }))]);
    expect(both.status).toBe(200);
    const tbOf = (r: ComplianceRequirement) => r.name === 'TB test' && r.applies_to.kind === 'cohort' && [cohortId, second].includes(r.applies_to.cohort_id);
    expect(both.body.requirements.filter(tbOf)).toHaveLength(2);
  });

  it("refuses a save of the set as it was before another admin's save (409), storing nothing of it", async () => {
    const other = newAdmin();
    const opened = await read();
    const firstEditor = template(cohortId, { name: 'Hep B series' });
    const secondEditor = template(cohortId, { name: 'MMR titer' });
    // both opened the set at one version; the other admin saves first
    const saved = await put([...opened.requirements.filter((r) => !ofMyCohort(r)), input(secondEditor)], other, opened.version);
    expect(saved.status).toBe(200);
    expect(saved.body.version).toBeGreaterThan(opened.version);
    expect((await read()).version).toBe(saved.body.version);
    // the first one's save would retire the other's template: refused, and nothing of it stored, not even its audit entry
    const logged = async () => (await auditEntriesOf('all')).filter((e) => e.actor === admin.username).length;
    const loggedBefore = await logged();
    const late = await put([...opened.requirements.filter((r) => !ofMyCohort(r)), input(firstEditor)], admin, opened.version);
    expect(late).toMatchObject({
      status: 409,
      body: { error: 'The requirements were changed by someone else since you opened them. Reload to see their changes, then make yours again.' },
    });
    expect((await list()).filter(ofMyCohort).map((r) => r.name)).toEqual(['MMR titer']);
    expect(await logged()).toBe(loggedBefore);
    // read again, their save goes through on top of the other's
    const again = await put([...(await others(ofMyCohort)), input(firstEditor), { ...(await list()).find((r) => r.name === 'MMR titer')! }]);
    expect(again.status).toBe(200);
    expect((await list()).filter(ofMyCohort).map((r) => r.name)).toEqual(['Hep B series', 'MMR titer']);
  });

  it('checks the cohort of a new or re-aimed template only, so a kept one never blocks a save', async () => {
    // as if written when its cohort existed (cohorts are never deleted; another file's fixture may name a made-up one)
    const stray = template(`gone-${cohortId}`, { name: 'Stray' });
    await putTemplates([stray]);
    try {
      const carried = await others(ofMyCohort);
      expect(carried.map((r) => r.id)).toContain(stray.id);
      expect((await put([...carried, input(template(cohortId, { name: 'Titer' }))])).status).toBe(200);
      // a kept template aimed at a cohort that does not exist is checked like a new one
      const moved = (await list()).find((r) => r.name === 'Titer' && ofMyCohort(r))!;
      expect(await put([...carried, { ...moved, applies_to: { kind: 'cohort', cohort_id: `gone-${cohortId}` } }])).toMatchObject({
        status: 400,
        body: { error: `requirements: no cohort gone-${cohortId}` },
      });
    } finally {
      await db.send(new DeleteCommand({ TableName: TABLE_NAME, Key: complianceKeys.requirement(stray.id) }));
    }
  });

  it('records who replaced the set and what it holds; only admins may', async () => {
    const other = newAdmin();
    // the new one first: the entry names the set's templates in order, up to 500 characters, and the shared table holds every test's
    const res = await put([input(template(cohortId, { name: 'Drug screen' })), ...(await others(ofMyCohort))], other);
    expect(res.status).toBe(200);
    const entries = (await auditEntriesOf('all')).filter((e) => e.actor === other.username);
    expect(entries).toEqual([expect.objectContaining({ action: 'compliance.requirements.update', entityType: 'compliance-requirements' })]);
    expect(entries[0]!.after.names).toContain('Drug screen');
    for (const caller of [{ username: 'cmp-x' }, { username: 'cmp-y', roles: ['compliance'] }, { username: 'cmp-z', roles: ['staff'] }] as Caller[]) {
      expect((await put([], caller)).status).toBe(403);
    }
    // anyone signed in may read what is asked of students
    expect((await list({ username: 'cmp-x' })).filter(ofMyCohort).map((r) => r.name)).toEqual(['Drug screen']);
  });

  it('refuses a save too big for one transaction (puts, retirements and the audit entry) with a 400, changing nothing', async () => {
    const crowded = (await complianceCohort()).id;
    const many = Array.from({ length: 60 }, (_, i) => template(crowded, { name: `Crowded ${i}` }));
    await putTemplates(many);
    try {
      const kept = await others((r) => r.applies_to.kind === 'cohort' && r.applies_to.cohort_id === crowded);
      // every template kept but the 60 above, which it would retire, plus new ones up to the limit of 60: over 100 items
      const fresh = Array.from({ length: 60 - kept.length }, (_, i) => input(template(crowded, { name: `Fresh ${i}` })));
      expect(await put([...kept, ...fresh])).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^requirements: at most 98 templates/) } });
      expect((await list()).filter((r) => r.applies_to.kind === 'cohort' && r.applies_to.cohort_id === crowded)).toHaveLength(60);
    } finally {
      // later saves of every file carry what is in force; these would crowd them past the limit of 60
      for (const t of many) await db.send(new DeleteCommand({ TableName: TABLE_NAME, Key: complianceKeys.requirement(t.id) }));
    }
  });
});
