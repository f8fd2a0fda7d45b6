/**
 * The admin panel's views (spec section 2, plus Students from issue 8 and the Audit log from issue 9),
 * in menu order; Documents is the default.
 */
export const ADMIN_VIEWS = ['overview', 'documents', 'cohorts', 'students', 'audit', 'categories', 'analytics', 'settings'] as const;
export type AdminView = (typeof ADMIN_VIEWS)[number];

export const DEFAULT_VIEW: AdminView = 'documents';

export const VIEW_LABEL: Record<AdminView, string> = {
  overview: 'Overview',
  documents: 'Documents',
  cohorts: 'Cohorts',
  students: 'Students',
  audit: 'Audit log',
  categories: 'Categories',
  analytics: 'Analytics',
  settings: 'Settings',
};

/** The view named in the URL (`?view=cohorts`), so a reload keeps it; anything else is the default. */
export function viewOf(param: string | null): AdminView {
  return ADMIN_VIEWS.find((view) => view === param) ?? DEFAULT_VIEW;
}

/** Spec section 9: the admin drawer is 240 wide. */
export const DRAWER_WIDTH = 240;
