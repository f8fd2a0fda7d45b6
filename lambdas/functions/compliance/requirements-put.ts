/**
 * PUT /api/compliance/requirements/ (admin) — replaces the requirement templates: kept ones by id, new ones
 * without, and those left out retired (their submissions stay in the students' histories). One transaction, audited,
 * held only if the set is still at the version its editor read (409 otherwise: another admin saved meanwhile).
 */
import { RequirementsRequest, type RequirementsResponse } from '../../contract/compliance.js';
import { nowIso } from '../../domain/clock.js';
import { Invalid } from '../../domain/errors.js';
import { callerOf, route } from '../../http/route.js';
import { parseJsonBody } from '../../http/validate.js';
import { getCohort } from '../../store/cohort.js';
import { replaceRequirements, requirementSet } from '../../store/compliance.js';

export const handler = route('compliance-requirements-put', async (req) => {
  const { requirements, version } = parseJsonBody(req, RequirementsRequest);
  const names = new Set<string>();
  for (const [i, r] of requirements.entries()) {
    const audience = r.applies_to.kind === 'cohort' ? r.applies_to.cohort_id : r.applies_to.kind === 'program_type' ? r.applies_to.program_type : 'site';
    const key = `${audience}#${r.name.toLowerCase()}`;
    if (names.has(key)) throw new Invalid(`requirements.${i}.name: ${r.name} is listed twice for the same program type, cohort or sites`);
    names.add(key);
  }
  // only cohorts a save newly names are looked up: a kept template's cohort was checked when it was saved, so a save
  // neither fails on a template it does not change nor reads every cohort of the set again
  const read = await requirementSet();
  const before = new Map(read.records.map((r) => [r.id, r.applies_to]));
  const isNewAudience = (r: (typeof requirements)[number]) => {
    const was = r.id === undefined ? undefined : before.get(r.id);
    return !(was?.kind === 'cohort' && r.applies_to.kind === 'cohort' && was.cohort_id === r.applies_to.cohort_id);
  };
  const cohorts = [...new Set(requirements.filter(isNewAudience).flatMap((r) => (r.applies_to.kind === 'cohort' ? [r.applies_to.cohort_id] : [])))];
  const found = await Promise.all(cohorts.map(getCohort));
  const missing = cohorts.find((_, i) => !found[i]);
  if (missing) throw new Invalid(`requirements: no cohort ${missing}`);
  const body: RequirementsResponse = await replaceRequirements(requirements, version, callerOf(req).username, nowIso(), read);
  return { body };
});
