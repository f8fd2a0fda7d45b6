import type { UserInfo } from '#contract/users';

/** What a user without the compliance role is told after being sent to the dashboard (worded like the admin guard's). */
export const NOT_COMPLIANCE_MESSAGE = 'You do not have compliance privileges to access this area.';

/**
 * The compliance group: reviewers of students' health records. The sign-in's user info names it
 * `is_compliance` (beside `is_staff` and `is_finance`); user info without it (stored before, or from a server
 * that does not send it yet) is not in the group.
 */
export const isComplianceUser = (user: UserInfo | null) => user?.is_compliance === true;

/** Who reviews compliance items and reads the cohort grid: the compliance group and admins (the API's COMPLIANCE_REVIEWERS). */
export const canReviewCompliance = (user: UserInfo | null) => isComplianceUser(user) || user?.isAdmin === true;
