/**
 * The compliance screens load as one chunk (see app/adminPages.ts on why pages share chunks): the student's
 * My Compliance, the review queue, the cohort grid and the requirement templates.
 */
export { default as MyCompliancePage } from './MyCompliancePage';
export { default as ReviewQueuePage } from './ReviewQueuePage';
export { default as CohortCompliancePage } from './CohortCompliancePage';
export { default as RequirementTemplatesPage } from './RequirementTemplatesPage';
