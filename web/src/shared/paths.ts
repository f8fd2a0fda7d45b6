/** Every route, in one place. Links and redirects use these, never literals. */
export const paths = {
  home: '/',
  login: '/login',
  dashboard: '/Dashboard',
  cart: '/cart',
  checkout: '/checkout',
  courseScheduleEditor: '/course-schedule-editor',
  courseManager: '/course-manager',
  courses: '/courses',
  cohortManagement: '/cohort-management',
  // One cohort's detail and roster.
  cohortDetail: '/cohort-management/:cohortId',
  admin: '/admin',
  // Beyond the spec's routes: students' payments and receipts, the finance ledger.
  payments: '/payments',
  paymentReceipt: '/payments/:paymentId/receipt',
  finance: '/finance',
  // Document Management for staff and admins, "My Documents" for everyone else.
  documents: '/documents',
  // Everyone's notices and email preferences; staff and admins' announcements.
  notifications: '/notifications',
  announcements: '/admin/announcements',
  // Clinical compliance (issue 24): the student's own requirements, the review queue (the compliance group and
  // admins), the requirement templates (admins) and one cohort's students x requirements.
  myCompliance: '/compliance',
  complianceReview: '/compliance/review',
  complianceRequirements: '/admin/compliance/requirements',
  cohortCompliance: '/cohorts/:id/compliance',
} as const;

/** One cohort's compliance grid. */
export const cohortCompliancePath = (cohortId: string) => paths.cohortCompliance.replace(':id', encodeURIComponent(cohortId));

export type AppPath = (typeof paths)[keyof typeof paths];
