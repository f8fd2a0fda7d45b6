import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, useLocation, type LazyRouteFunction, type RouteObject } from 'react-router';
import { Layout } from '../components/Layout';
import { PageLoading } from '../components/PageLoading';
import { RequireAuth } from '../components/RequireAuth';
import { RouteError } from '../components/RouteError';
import { paths } from './paths';

/**
 * Loads a page module on first visit. A failed download (typically an old chunk gone after a
 * deploy) surfaces as "Loading chunk <name> failed", the wording of spec section 8.
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

/** /login leads to the login screen at /, keeping any ?redirect= query (spec section 2). */
function LoginRedirect() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: paths.home, search }} replace />;
}

/** The routes of spec section 2. Exported so tests can mount them in a memory router. */
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
            children: [{ path: paths.dashboard, lazy: lazyPage('dashboard', () => import('../features/dashboard/DashboardPage')) }],
          },
          { path: paths.cart, lazy: lazyPage('cart', () => import('../features/cart/CartPage')) },
          { path: paths.checkout, lazy: lazyPage('checkout', () => import('../features/cart/CheckoutPage')) },
          {
            path: paths.courseScheduleEditor,
            lazy: lazyPage('course-schedule-editor', () => import('../features/schedule/CourseScheduleEditorPage')),
          },
          { path: paths.courseManager, lazy: lazyPage('course-manager', () => import('../features/courses/CourseManagementPage')) },
          { path: paths.courses, lazy: lazyPage('courses', () => import('../features/courses/CoursesCatalogPage')) },
          {
            lazy: lazyPage('admin-guard', () => import('../components/AdminGuard')),
            children: [
              { path: paths.cohortManagement, lazy: lazyPage('cohort-management', () => import('../features/cohorts/CohortManagementPage')) },
              { path: paths.admin, lazy: lazyPage('admin', () => import('../features/admin/AdminPanelPage')) },
            ],
          },
          { path: '*', lazy: lazyPage('not-found', () => import('../components/NotFoundPage')) },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
