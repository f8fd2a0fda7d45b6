import { lazy } from 'react';
import AdminPanelPage from '../features/admin/AdminPanelPage';
import CohortManagementPage from '../features/cohorts/CohortManagementPage';
import { studentLinks } from '#shared/studentRecordPath';

/**
 * /admin: the admin panel with the Documents, Cohorts, Students and Audit log views of their own features
 * (features never import each other, so the app composes them). Cohort Management shares this chunk
 * (app/adminPages.ts); Document Management, Students and the Audit log load when their view is first shown.
 */
const DocumentManagementPage = lazy(() => import('../features/documents/DocumentManagementPage'));
const StudentsAdminView = lazy(() => import('../features/students/StudentsAdminView'));
const AuditLogPage = lazy(() => import('../features/audit/AuditLogPage'));

export default function AdminPanelRoute() {
  return (
    <AdminPanelPage
      documents={<DocumentManagementPage />}
      cohorts={<CohortManagementPage embedded />}
      students={<StudentsAdminView links={studentLinks} />}
      audit={<AuditLogPage />}
    />
  );
}
