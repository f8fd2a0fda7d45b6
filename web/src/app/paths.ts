/** Every route of spec section 2, in one place. Links and redirects use these, never literals. */
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
  // Issue 7: one cohort's detail and roster.
  cohortDetail: '/cohort-management/:cohortId',
  admin: '/admin',
  // Issue 4, beyond spec section 2: students' payments and receipts, the finance ledger.
  payments: '/payments',
  paymentReceipt: '/payments/:paymentId/receipt',
  finance: '/finance',
  // Issue 6: Document Management for staff and admins, "My Documents" for everyone else.
  documents: '/documents',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
