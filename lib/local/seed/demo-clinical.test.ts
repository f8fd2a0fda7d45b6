/**
 * The clinical demo shows a cleared student and blocked ones whatever the day of the seed, worked out as the API does
 * (presenters/compliance.ts statuses, domain/clearance.ts, domain/financial-holds.ts under the default hold rules) from the demo's own records.
 */
import { describe, expect, it } from 'vitest';
import { RequirementInput } from '../../../lambdas/contract/compliance.js';
import { schoolDay } from '../../../lambdas/domain/clock.js';
import { clearance, requirementFact } from '../../../lambdas/domain/clearance.js';
import { activeHolds, blocksAction, DEFAULT_HOLD_RULES } from '../../../lambdas/domain/financial-holds.js';
import { requirementStatuses } from '../../../lambdas/presenters/compliance.js';
import type { RequirementRecord } from '../../../lambdas/store/compliance.js';
import { demoCohorts } from './demo-catalog.js';
import { demoClinical } from './demo-clinical.js';
import { demoCompliance } from './demo-compliance.js';
import { demoDocuments } from './demo-documents.js';
import { demoStudents } from './demo-students.js';

const toRequirement = ({ retired: _retired, updatedAt: _updatedAt, ...requirement }: RequirementRecord) => requirement;

function rosterOn(seededAt: Date) {
  const today = schoolDay(seededAt);
  const compliance = demoCompliance(seededAt);
  const clinical = demoClinical(seededAt);
  const requirements = [...compliance.requirements, clinical.requirement].map(toRequirement);
  const submissions = [...compliance.submissions, ...clinical.submissions];
  const site = clinical.sites.find((s) => s.id === clinical.rotation.site_id)!;
  return clinical.members.map((m) => {
    const { profile, enrollments, entries } = demoStudents.find((s) => s.profile.username === m.username)!;
    const statuses = requirementStatuses(
      requirements,
      submissions.filter((s) => s.username === m.username),
      { programType: profile.programType ?? null, cohortId: profile.cohortId ?? null, cohortStart: demoCohorts.find((c) => c.id === profile.cohortId)?.startDate ?? null },
      today,
      new Set(site.requirement_ids),
    );
    const documents = demoDocuments
      .map((d) => d.record)
      .filter((d) => d.scope === 'cohort' && d.cohortId === profile.cohortId && d.isPublic && (d.isMandatory || d.requiresSignature))
      .map((d) => ({ title: d.title, acknowledged: clinical.acknowledgements.some((a) => a.documentId === d.id && a.username === m.username) }));
    return {
      username: m.username,
      ...clearance({
        requirements: statuses.map(requirementFact),
        rotationEndsOn: clinical.rotation.ends_on,
        documents,
        holds: blocksAction(
          activeHolds({ enrollments, entries, plans: [], rules: DEFAULT_HOLD_RULES, today, va: { beneficiary: false, paymentPending: false } }),
          'clinical_clearance',
        ),
      }),
    };
  });
}

describe('clinical demo data', () => {
  it.each(['2026-11-24T22:00:00Z', '2027-03-31T16:00:00Z', '2028-02-29T12:00:00Z'])('seeded at %s: one student cleared, the others blocked with reasons', (at) => {
    const roster = rosterOn(new Date(at));
    expect(
      roster.filter((r) => r.cleared).map((r) => r.username),
      JSON.stringify(roster.find((r) => r.username === 'aisha.khan')),
    ).toEqual(['aisha.khan']);
    for (const r of roster.filter((x) => !x.cleared)) expect(r.reasons.length, r.username).toBeGreaterThan(0);
    const student = roster.find((r) => r.username === 'student')!;
    expect(student.reasons.some((r) => /^BLS \/ CPR card expires .*, before the rotation ends /.test(r))).toBe(true);
    expect(student.reasons).toContain('Riverside General ID badge is missing');
  });

  it('has a valid site-only template, a rotation within capacity, and an agreement ending within 60 days', () => {
    const at = new Date('2026-11-24T22:00:00Z');
    const { requirement, rotation, members, placements, sites } = demoClinical(at);
    expect(RequirementInput.safeParse(toRequirement(requirement)).success).toBe(true);
    expect(members.length).toBe(rotation.assigned);
    expect(rotation.assigned).toBeLessThanOrEqual(rotation.capacity);
    expect(placements.map((p) => p.username)).toEqual(members.map((m) => m.username));
    expect(sites.find((s) => s.id === rotation.site_id)?.agreement?.ends_on).toBe('2027-01-08');
  });
});
