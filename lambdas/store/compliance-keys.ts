/**
 * Where compliance items sit in the table (store/compliance.ts owns their layout and reads), apart from it so
 * that a cohort move (store/cohort.ts), which every student route may bundle, moves a student's submissions
 * without loading the compliance schemas.
 */
import { queryAll, type Item } from './dynamo.js';
import { studentKeys } from './student.js';

/** The submission items' `type`. */
export const SUBMISSION_TYPE = 'compliance-submission';

export const complianceKeys = {
  requirements: 'COMPLIANCE_REQUIREMENTS',
  requirementPrefix: 'REQUIREMENT#',
  requirement: (id: string) => ({ pk: 'COMPLIANCE_REQUIREMENTS', sk: `REQUIREMENT#${id}` }),
  /** The set's version, beside its templates (one Query reads both): each save of the whole set raises it. */
  requirementsVersion: { pk: 'COMPLIANCE_REQUIREMENTS', sk: 'VERSION' },
  /** Prefix of a student's submissions in their partition. */
  submissionPrefix: 'COMPLIANCE#',
  submission: (username: string, submittedAt: string, id: string) => ({ pk: studentKeys.student(username), sk: `COMPLIANCE#${submittedAt}#${id}` }),
  pointer: (id: string) => ({ pk: `COMPLIANCE_SUBMISSION#${id}`, sk: 'POINTER' }),
  /** gsi1: a cohort's submissions. */
  cohort: (cohortId: string) => `COMPLIANCE#COHORT#${cohortId}`,
  cohortSort: (lastName: string, username: string, sk: string) => `${lastName.toLowerCase()}#${username}#${sk}`,
  /** gsi2: waiting for review, oldest first. */
  queue: 'COMPLIANCE_QUEUE',
  /** gsi2: approved with an expiry, by that day. */
  expiry: 'COMPLIANCE_EXPIRY',
} as const;

/** For a cohort move (store/cohort.ts): where a student's submissions sit in the new cohort's grid. */
export function movedSubmissionKeys(item: Item, lastName: string, cohortId: string) {
  return { gsi1pk: complianceKeys.cohort(cohortId), gsi1sk: complianceKeys.cohortSort(lastName, String(item.username), String(item.sk)) };
}

/**
 * The ids of the templates in force: one Query of their partition reading two attributes, for a clinical site's list of
 * the templates it asks for, without the compliance layouts (a site's routes would build them at every cold start).
 */
export async function activeRequirementIds(): Promise<Set<string>> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': complianceKeys.requirements, ':prefix': complianceKeys.requirementPrefix },
    ProjectionExpression: 'id, retired',
  });
  return new Set(items.filter((i) => i.retired !== true).map((i) => String(i.id)));
}
