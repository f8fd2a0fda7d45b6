import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeKeyPath, routes } from './routes.js';

/** Spec section 7, exactly as written there. */
const SPEC_CALLS = [
  'POST /api/users/login/',
  'GET /api/students/{username}/',
  'GET /api/courses/',
  'POST /api/courses/create/',
  'PUT /api/courses/{id}/update/',
  'DELETE /api/courses/{id}/delete/',
  'GET /api/courses/categories/',
  'GET /api/courses/stats/',
  'GET /api/documents/',
  'GET /api/documents/{id}/download/',
  'POST /api/documents/',
  'DELETE /api/documents/{id}/',
  'GET /api/document-categories/',
  'GET /api/cohorts/',
  'GET /api/cohorts/{id}/students/',
  'POST /api/create-payment-intent',
];

/** Calls the issues add beyond the spec. */
const BEYOND_SPEC = [
  'POST /api/payments/webhook',
  'GET /api/payments/',
  'POST /api/payments/{id}/refund/',
  'GET /api/students/{username}/payments/',
  'GET /api/students/',
  'POST /api/cohorts/',
  'PUT /api/cohorts/{id}/',
  'POST /api/cohorts/{id}/students/',
  'POST /api/students/',
  'POST /api/students/import/',
  'POST /api/students/{username}/enrollments/',
  'POST /api/students/{username}/charges/',
  'PUT /api/students/{username}/sign-in/',
  'POST /api/users/new-password/',
  'POST /api/documents/upload-url/',
  'POST /api/documents/{id}/acknowledge/',
  'GET /api/documents/{id}/acknowledgements/',
  'POST /api/users/refresh/',
  'POST /api/users/logout/',
  'GET /api/audit/',
  'POST /api/payments/reconcile/',
  'GET /api/students/import/{id}/',
  'GET /api/students/imports/',
  // TOTP
  'POST /api/users/mfa/',
  'POST /api/users/mfa-setup/',
  'POST /api/users/totp/',
  'POST /api/users/totp/verify/',
  'POST /api/users/{username}/mfa/reset/',
  // revocation
  'POST /api/users/{username}/sign-out-everywhere/',
  // the staff roles' dashboard figures
  'GET /api/dashboard/',
  // notifications: the inbox, email preferences, announcements, a student's message log
  'GET /api/notifications/',
  'POST /api/notifications/{id}/read/',
  'POST /api/notifications/read-all/',
  'GET /api/users/me/notification-preferences/',
  'PUT /api/users/me/notification-preferences/',
  'POST /api/announcements/',
  'GET /api/announcements/',
  'GET /api/students/{username}/messages/',
  // clinical compliance; the upload URL and a file's presigned GET are the uploads and previews
  'GET /api/compliance/requirements/',
  'PUT /api/compliance/requirements/',
  'POST /api/compliance/upload-url/',
  'POST /api/compliance/submissions/',
  'POST /api/compliance/submissions/{id}/decision/',
  'GET /api/compliance/submissions/{id}/files/{index}/',
  'GET /api/compliance/students/{username}/',
  'GET /api/compliance/queue/',
  'GET /api/cohorts/{id}/compliance/',
  // clinical placements: sites, rotations, rosters with clearance, and the roster a site opens from a shared link
  'GET /api/clinical-sites/',
  'POST /api/clinical-sites/',
  'PUT /api/clinical-sites/{id}/',
  'DELETE /api/clinical-sites/{id}/',
  'GET /api/clinical-sites/{id}/agreement/',
  'GET /api/rotations/',
  'POST /api/rotations/',
  'PUT /api/rotations/{id}/',
  'DELETE /api/rotations/{id}/',
  'POST /api/rotations/{id}/students/',
  'DELETE /api/rotations/{id}/students/{username}/',
  'GET /api/rotations/{id}/roster/',
  'POST /api/rotations/{id}/share/',
  'GET /api/shared-rosters/{token}/',
  'GET /api/payment-plan-templates/',
  'PUT /api/payment-plan-templates/',
  'GET /api/students/{username}/holds/',
  'POST /api/students/{username}/payment-plans/',
  'GET /api/students/{username}/payment-plans/',
  'POST /api/payment-methods/setup-intent/',
  'GET /api/students/{username}/payment-methods/',
  'DELETE /api/students/{username}/payment-methods/{id}/',
  'POST /api/payment-plans/{id}/pay-now/',
  'PUT /api/payment-plans/{id}/',
  'GET /api/payment-plans/',
];

describe('route table', () => {
  it('has one row for every call of spec section 7, paths exactly as the spec writes them, and the documented extras', () => {
    expect(routes.map((r) => `${r.method} ${r.path}`).sort()).toEqual([...SPEC_CALLS, ...BEYOND_SPEC].sort());
  });

  it('has unique ids and unique API Gateway route keys', () => {
    expect(new Set(routes.map((r) => r.id)).size).toBe(routes.length);
    expect(new Set(routes.map((r) => `${r.method} ${routeKeyPath(r.path)}`)).size).toBe(routes.length);
  });

  it('points every row at a handler file that exists', () => {
    for (const r of routes) expect(existsSync(path.join(import.meta.dirname, r.handler)), r.handler).toBe(true);
  });

  it('only signing in (its second steps included) and out, the Stripe webhook and a shared roster link are public', () => {
    expect(
      routes
        .filter((r) => r.access === 'public')
        .map((r) => r.id)
        .sort(),
    ).toEqual(['payments-webhook', 'shared-roster', 'users-login', 'users-logout', 'users-mfa', 'users-mfa-setup', 'users-new-password', 'users-refresh']);
  });

  it('strips trailing slashes for API Gateway route keys', () => {
    expect(routeKeyPath('/api/courses/')).toBe('/api/courses');
    expect(routeKeyPath('/api/create-payment-intent')).toBe('/api/create-payment-intent');
    expect(routeKeyPath('/')).toBe('/');
  });
});
