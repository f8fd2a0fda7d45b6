import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, useLocation, type LazyRouteFunction, type RouteObject } from 'react-router';
import { Layout } from './shell/Layout';
import { PageLoading } from '#shared/components/PageLoading';
import { RequireAuth } from './guards/RequireAuth';
import { RouteError } from '#shared/components/RouteError';
import { paths } from '#shared/paths';

/**
 * Loads a page module on first visit. A failed download (typically an old chunk gone after a
 * deploy) surfaces as "Loading chunk <name> failed", the wording the spec fixes.
 */
function lazyPage(chunk: string, load: () => Promise<{ default: ComponentType }>): LazyRouteFunction<RouteObject> {
  return async () => {
    try {
      const { default: Component } = await load();
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
                lazy: lazyPage('cart-route', () => cartPages().then((m) => ({ default: m.CartRoute }))),
                children: [
                  { path: paths.cart, lazy: lazyPage('cart', () => cartPages().then((m) => ({ default: m.CartPage }))) },
                  { path: paths.checkout, lazy: lazyPage('checkout', () => cartPages().then((m) => ({ default: m.CheckoutPage }))) },
                ],
              },
              // The student's payments and receipts.
              { path: paths.payments, lazy: lazyPage('payments', () => paymentPages().then((m) => ({ default: m.PaymentHistoryPage }))) },
              {
                path: paths.paymentReceipt,
                lazy: lazyPage('receipt', () => paymentPages().then((m) => ({ default: m.PaymentReceiptPage }))),
              },
              // Document Management for staff, My Documents for the others (one route: each costs the shell ~80 bytes).
              { path: paths.documents, lazy: lazyPage('documents', () => import('../features/documents/DocumentsRoute')) },
              // Everyone's notices and email preferences.
              { path: paths.notifications, lazy: lazyPage('notifications', () => import('../features/notifications/NotificationsPage')) },
            ],
          },
          { path: paths.courseManager, lazy: lazyPage('course-manager', () => import('../features/courses/CourseManagementPage')) },
          { path: paths.courses, lazy: lazyPage('courses', () => import('../features/courses/CoursesCatalogPage')) },
          {
            lazy: lazyPage('admin-guard', () => import('./guards/AdminGuard')),
            children: [
              {
                path: paths.cohortManagement,
                lazy: lazyPage('cohort-management', () => adminPages().then((m) => ({ default: m.CohortManagementPage }))),
              },
              { path: paths.cohortDetail, lazy: lazyPage('cohort-detail', () => adminPages().then((m) => ({ default: m.CohortDetailPage }))) },
              { path: paths.admin, lazy: lazyPage('admin', () => adminPages().then((m) => ({ default: m.AdminPanelPage }))) },
            ],
          },
          {
            // Announcements, for staff and admins.
            lazy: lazyPage('staff-guard', () => import('./guards/StaffGuard')),
            children: [{ path: paths.announcements, lazy: lazyPage('announcements', () => import('../features/announcements/AnnouncementsPage')) }],
          },
          {
            // The finance ledger, for finance staff and admins.
            lazy: lazyPage('finance-guard', () => import('./guards/FinanceGuard')),
            children: [{ path: paths.finance, lazy: lazyPage('finance', () => import('../features/finance/FinanceLedgerPage')) }],
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
