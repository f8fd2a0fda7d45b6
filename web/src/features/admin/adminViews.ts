/**
 * The admin panel's views (the spec's, plus Students and the Audit log),
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

/** The spec fixes the admin drawer at 240 wide. */
export const DRAWER_WIDTH = 240;
