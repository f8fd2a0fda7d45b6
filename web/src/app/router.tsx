import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, useLocation, type LazyRouteFunction, type RouteObject } from 'react-router';
import { Layout } from './shell/Layout';
import { PageLoading } from '#shared/components/PageLoading';
import { RequireAuth } from './guards/RequireAuth';
import { RouteError } from '#shared/components/RouteError';
import { paths } from '#shared/paths';

/**
 * Loads a page module on first visit (its default export, or the export `name` of a module holding several pages). A failed download (typically an old chunk gone after a
 * deploy) surfaces as "Loading chunk <name> failed", the wording the spec fixes.
 */
function lazyPage<M extends object>(chunk: string, load: () => Promise<M>, name: keyof M = 'default' as keyof M): LazyRouteFunction<RouteObject> {
  return async () => {
    try {
      const Component = (await load())[name] as ComponentType;
      return { Component };
    } catch (cause) {
      throw new Error(`Loading chunk ${chunk} failed.`, { cause });
    }
  };
}

/** /login leads to the login screen at /, keeping any ?redirect= query. */
function LoginRedirect() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: paths.home, search }} replace />;
}

// The cart's routes share one chunk, the payment pages another, the admin pages a third (see features/cart/cartPages.ts).
const cartPages = () => import('../features/cart/cartPages');
const paymentPages = () => import('../features/payments/paymentPages');
const adminPages = () => import('./adminPages');
// The compliance screens share one chunk, whoever they are for.
const compliancePages = () => import('../features/compliance/compliancePages');
// The staff's clinical placement screens share one chunk; the public shared roster has its own.
const clinicalPages = () => import('../features/clinical/clinicalPages');
// A student's payment plan pages (My Plan and the wizard) share one chunk.
const planPages = () => import('../features/plans/planPages');

/** The app's routes. Exported so tests can mount them in a memory router. */
export const appRoutes: RouteObject[] = [
  {
    path: paths.home,
    Component: Layout,
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteError,
    children: [
      {
        // Errors in a page keep the header visible.
        ErrorBoundary: RouteError,
        children: [
          { index: true, lazy: lazyPage('login', () => import('../features/auth/LoginPage')) },
          { path: paths.login, Component: LoginRedirect },
          {
            Component: RequireAuth,
            children: [
              { path: paths.dashboard, lazy: lazyPage('dashboard', () => import('../features/dashboard/DashboardPage')) },
              {
                path: paths.courseScheduleEditor,
                lazy: lazyPage('course-schedule-editor', () => import('../features/schedule/CourseScheduleEditorPage')),
              },
              {
                // The cart's pages share its provider (useCart), which needs a signed-in user.
                lazy: lazyPage('cart-route', cartPages, 'CartRoute'),
                children: [
                  { path: paths.cart, lazy: lazyPage('cart', cartPages, 'CartPage') },
                  { path: paths.checkout, lazy: lazyPage('checkout', cartPages, 'CheckoutPage') },
                ],
              },
              // The student's payments and receipts.
              { path: paths.payments, lazy: lazyPage('payments', paymentPages, 'PaymentHistoryPage') },
              {
                path: paths.paymentReceipt,
                lazy: lazyPage('receipt', paymentPages, 'PaymentReceiptPage'),
              },
              // Document Management for staff, My Documents for the others (one route: each costs the shell ~80 bytes).
              { path: paths.documents, lazy: lazyPage('documents', () => import('../features/documents/DocumentsRoute')) },
              // Everyone's notices and email preferences.
              { path: paths.notifications, lazy: lazyPage('notifications', () => import('../features/notifications/NotificationsPage')) },
              // A student's own clinical requirements.
              { path: paths.myCompliance, lazy: lazyPage('my-compliance', compliancePages, 'MyCompliancePage') },
              // A student's payment plans, and setting one up.
              { path: paths.myPlan, lazy: lazyPage('my-plan', planPages, 'MyPlanPage') },
              { path: paths.planWizard, lazy: lazyPage('plan-wizard', planPages, 'PlanWizardPage') },
            ],
          },
          { path: paths.courseManager, lazy: lazyPage('course-manager', () => import('../features/courses/CourseManagementPage')) },
          { path: paths.courses, lazy: lazyPage('courses', () => import('../features/courses/CoursesCatalogPage')) },
          // A rotation's roster as shared with its clinical site: public, the link's token is the key.
          { path: paths.sharedRoster, lazy: lazyPage('shared-roster', () => import('../features/clinical/SharedRosterPage')) },
          {
            lazy: lazyPage('admin-guard', () => import('./guards/AdminGuard')),
            children: [
              {
                path: paths.cohortManagement,
                lazy: lazyPage('cohort-management', adminPages, 'CohortManagementPage'),
              },
              { path: paths.cohortDetail, lazy: lazyPage('cohort-detail', adminPages, 'CohortDetailPage') },
              { path: paths.admin, lazy: lazyPage('admin', adminPages, 'AdminPanelPage') },
              {
                path: paths.complianceRequirements,
                lazy: lazyPage('compliance-requirements', compliancePages, 'RequirementTemplatesPage'),
              },
              { path: paths.clinicalSites, lazy: lazyPage('clinical-sites', clinicalPages, 'ClinicalSitesPage') },
            ],
          },
          {
            // Announcements, for staff and admins.
            lazy: lazyPage('staff-guard', () => import('./guards/StaffGuard')),
            children: [{ path: paths.announcements, lazy: lazyPage('announcements', () => import('../features/announcements/AnnouncementsPage')) }],
          },
          {
            // The compliance review queue, the cohort grid and the clinical rotations, for the compliance group and admins.
            lazy: lazyPage('compliance-guard', () => import('./guards/ComplianceGuard')),
            children: [
              { path: paths.complianceReview, lazy: lazyPage('compliance-review', compliancePages, 'ReviewQueuePage') },
              { path: paths.cohortCompliance, lazy: lazyPage('cohort-compliance', compliancePages, 'CohortCompliancePage') },
              { path: paths.rotations, lazy: lazyPage('rotations', clinicalPages, 'RotationsPage') },
              { path: paths.rotationRoster, lazy: lazyPage('rotation-roster', clinicalPages, 'RotationRosterPage') },
            ],
          },
          {
            // The finance ledger and the payment plans, for finance staff and admins.
            lazy: lazyPage('finance-guard', () => import('./guards/FinanceGuard')),
            children: [
              { path: paths.finance, lazy: lazyPage('finance', () => import('../features/finance/FinanceLedgerPage')) },
              { path: paths.paymentPlans, lazy: lazyPage('payment-plans', () => import('../features/plans/PaymentPlansPage')) },
              { path: paths.paymentPlanList, lazy: lazyPage('payment-plan-list', () => import('../features/plans/PlanListPage')) },
            ],
          },
          { path: '*', lazy: lazyPage('not-found', () => import('#shared/components/NotFoundPage')) },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
