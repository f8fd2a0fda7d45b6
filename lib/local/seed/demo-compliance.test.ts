/**
 * The compliance demo data shows every status whatever the day of the seed: worked out as the API does
 * (presenters/compliance.ts) on the seed's own school day, for days across a leap year and its edges.
 */
import { describe, expect, it } from 'vitest';
import { COMPLIANCE_STATUSES, RequirementInput, type ComplianceStatus } from '../../../lambdas/contract/compliance.js';
import { schoolDay } from '../../../lambdas/domain/clock.js';
import { addDays, EXPIRING_WITHIN_DAYS } from '../../../lambdas/domain/compliance.js';
import { checkUpload } from '../../../lambdas/domain/uploads.js';
import { requirementStatuses } from '../../../lambdas/presenters/compliance.js';
import type { RequirementRecord } from '../../../lambdas/store/compliance.js';
import { demoCohorts } from './demo-catalog.js';
import { demoCompliance, seedSubmissionId } from './demo-compliance.js';
import { demoStudents } from './demo-students.js';

/** As the store answers a template (store/compliance.ts toRequirement; that module needs a table to import). */
const toRequirement = ({ retired: _retired, updatedAt: _updatedAt, ...requirement }: RequirementRecord) => requirement;

function statusesOn(seededAt: Date) {
  const data = demoCompliance(seededAt);
  const today = schoolDay(seededAt);
  const requirements = data.requirements.map(toRequirement);
  const byStudent = new Map<string, ComplianceStatus[]>();
  for (const { profile } of demoStudents) {
    const cohortStart = demoCohorts.find((c) => c.id === profile.cohortId)?.startDate ?? null;
    const submissions = data.submissions.filter((s) => s.username === profile.username);
    byStudent.set(
      profile.username,
      requirementStatuses(requirements, submissions, { programType: profile.programType ?? null, cohortId: profile.cohortId ?? null, cohortStart }, today).map((r) => r.status),
    );
  }
  return { data, today, byStudent };
}

// a leap day, the flu season's edges (31 March, 1 April), New Year's Eve in Chicago (already 1 Jan in UTC), a plain day
const SEED_TIMES = ['2028-02-29T12:00:00Z', '2027-03-31T16:00:00Z', '2027-04-01T05:30:00Z', '2026-12-31T23:30:00Z', '2026-11-24T22:00:00Z', '2027-07-15T13:00:00Z'];

describe('compliance demo data', () => {
  it.each(SEED_TIMES)('seeded at %s: the demo student has all six statuses, and every requirement is a valid template', (at) => {
    const { data, byStudent } = statusesOn(new Date(at));
    expect(new Set(byStudent.get('student'))).toEqual(new Set(COMPLIANCE_STATUSES));
    for (const r of data.requirements) expect(RequirementInput.safeParse(toRequirement(r)).success).toBe(true);
    expect(byStudent.get('paid')?.every((s) => s === 'approved' || s === 'expiring')).toBe(true);
  });

  it('on days across a year, every status is on show and the dates keep their order', () => {
    for (let day = 0; day < 366; day++) {
      // every third day, and each day around the flu season's end
      if (day % 3 !== 0 && (day < 55 || day > 100)) continue;
      const seededAt = new Date(Date.parse('2027-01-01T18:00:00Z') + day * 86_400_000);
      const { data, today, byStudent } = statusesOn(seededAt);
      expect(new Set(byStudent.get('student')), today).toEqual(new Set(COMPLIANCE_STATUSES));
      for (const s of data.submissions) {
        expect(s.submitted_at <= seededAt.toISOString(), `${s.username} ${s.requirement_id}`).toBe(true);
        if (s.completed_on) expect(s.completed_on <= today).toBe(true);
        if (s.decided_at) expect(s.decided_at >= s.submitted_at).toBe(true);
        if (s.expires_on && s.completed_on) expect(s.expires_on > s.completed_on).toBe(true);
        if (s.status === 'not_approved') expect(s.reason).toBeTruthy();
      }
      const approvals = data.submissions.filter((s) => s.status === 'approved' && s.expires_on);
      expect(approvals.some((s) => s.expires_on! >= today && s.expires_on! <= addDays(today, EXPIRING_WITHIN_DAYS))).toBe(true);
      expect(approvals.some((s) => s.expires_on! < today)).toBe(true);
    }
  });

  it('is the same for the same seed time (keys too), and its files are valid PDFs and PNGs under the student’s compliance folder', () => {
    const at = new Date('2026-11-24T22:00:00Z');
    expect(demoCompliance(at)).toEqual(demoCompliance(at));
    const { submissions, files } = demoCompliance(at);
    expect(new Set(submissions.map((s) => s.id)).size).toBe(submissions.length);
    for (const s of submissions) {
      expect(s.id).toMatch(/^[0-9a-f-]{36}$/);
      for (const f of s.files) {
        expect(f.key.startsWith(`compliance/${s.username}/${s.id}/`)).toBe(true);
        const file = files.find((x) => x.key === f.key);
        expect(checkUpload(f.name, file!.content)).toMatchObject({ contentType: f.content_type, size: f.size });
      }
    }
    expect(seedSubmissionId('a')).not.toBe(seedSubmissionId('b'));
  });
});
