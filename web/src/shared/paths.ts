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
  // The finance office's payment plan templates and hold rules (finance staff and admins).
  paymentPlans: '/finance/payment-plans',
  // Every student's plans by status, with finance's changes (pause, reschedule, cancel, ...).
  paymentPlanList: '/finance/payment-plans/list',
  // A student's payment plans (where the "action needed" notice and email link), and the wizard that sets one up.
  myPlan: '/payment-plan',
  planWizard: '/payment-plan/new',
  // Document Management for staff and admins, "My Documents" for everyone else.
  documents: '/documents',
  // Everyone's notices and email preferences; staff and admins' announcements.
  notifications: '/notifications',
  announcements: '/admin/announcements',
  // Clinical compliance: the student's own requirements, the review queue (the compliance group and
  // admins), the requirement templates (admins) and one cohort's students x requirements.
  myCompliance: '/compliance',
  complianceReview: '/compliance/review',
  complianceRequirements: '/admin/compliance/requirements',
  cohortCompliance: '/cohorts/:id/compliance',
  // Clinical placements: the sites (admins), rotations and their rosters (the compliance group and admins), and
  // the roster a site opens from its expiring link, signed out.
  clinicalSites: '/admin/clinical-sites',
  rotations: '/rotations',
  rotationRoster: '/rotations/:id',
  sharedRoster: '/shared/rosters/:token',
} as const;

/** One cohort's compliance grid. */
export const cohortCompliancePath = (cohortId: string) => paths.cohortCompliance.replace(':id', encodeURIComponent(cohortId));

/** The plan wizard, opened on one program balance (`certificate:nursing-assistant`). */
export const planWizardPath = (programType: string, programId: string) => `${paths.planWizard}?program=${encodeURIComponent(`${programType}:${programId}`)}`;

/** One rotation's roster. */
export const rotationRosterPath = (rotationId: string) => paths.rotationRoster.replace(':id', encodeURIComponent(rotationId));

export type AppPath = (typeof paths)[keyof typeof paths];
