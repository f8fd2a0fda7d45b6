import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sampleUser, signedIn, stubApi } from '../testing/test-utils';
import { renderApp } from '../testing/renderApp';

describe('routes of spec section 2', () => {
  // signed in, the header's bell reads notices: answered here (404 unless a test says otherwise), never by the network
  beforeEach(() => void stubApi({}));

  it.each([
    ['/course-manager', 'Course Management'],
    ['/courses', 'Courses Catalog'],
  ])('%s shows "%s"', async (path, title) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
  });

  it('shows /course-schedule-editor to signed-in users only', async () => {
    renderApp('/course-schedule-editor', { preloadedState: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Course Schedule Editor' })).toBeTruthy();
  });

  it('sends anonymous visitors of /course-schedule-editor to the login screen', async () => {
    const { router } = renderApp('/course-schedule-editor');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([
    ['/cart', 'Shopping Cart'],
    ['/payments', 'Payment History'],
  ])('shows %s "%s" to signed-in users', async (path, title) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ results: [], next: null, count: 0, totals: { amount: 0, refunded: 0, succeeded: 0 } })),
    );
    renderApp(path, { preloadedState: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
  });

  it('shows /notifications to a signed-in person', async () => {
    renderApp('/notifications', { preloadedState: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeTruthy();
  });

  it('shows /admin/announcements to staff', async () => {
    renderApp('/admin/announcements', { preloadedState: signedIn(sampleUser({ username: 'staff', is_staff: true })) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Announcements' })).toBeTruthy();
  });

  it.each([
    ...['/cart', '/checkout', '/payments', '/finance', '/finance/payment-plans', '/notifications', '/admin/announcements'],
    ...['/compliance', '/compliance/review', '/cohorts/c-1/compliance', '/admin/compliance/requirements', '/rotations', '/rotations/rot-1', '/admin/clinical-sites'],
  ])('sends anonymous visitors of %s to the login screen', async (path) => {
    const { router } = renderApp(path);
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends /checkout with an empty cart to /cart', async () => {
    const { router } = renderApp('/checkout', { preloadedState: signedIn() });
    await screen.findByRole('heading', { level: 1, name: 'Shopping Cart' });
    expect(router.state.location.pathname).toBe('/cart');
  });

  it('shows a student My Compliance at /compliance', async () => {
    stubApi({ 'GET /api/compliance/students/student/': jsonResponse({ username: 'student', cleared: true, reasons: [], requirements: [] }) });
    renderApp('/compliance', { preloadedState: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Compliance' })).toBeTruthy();
    expect(await screen.findByText('You are cleared for clinicals.')).toBeTruthy();
  });

  it.each([
    ['the compliance group', { is_compliance: true }],
    ['admins', { isAdmin: true, is_staff: true }],
  ])('opens the compliance review queue to %s', async (_who, roles) => {
    stubApi({ 'GET /api/compliance/queue/': jsonResponse({ results: [], count: 0, next: null }), 'GET /api/cohorts/': jsonResponse([]) });
    const { router } = renderApp('/compliance/review', { preloadedState: signedIn({ ...sampleUser({ username: 'reviewer' }), ...roles }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Compliance Review' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/compliance/review');
  });

  it.each([
    ['a student', {}],
    ['staff', { is_staff: true }],
    ['finance staff', { is_finance: true }],
  ])('sends %s from the compliance review queue to the dashboard, saying why', async (_who, roles) => {
    const { router } = renderApp('/compliance/review', { preloadedState: signedIn(sampleUser(roles)) });
    expect((await screen.findByRole('alert')).textContent).toContain('You do not have compliance privileges to access this area.');
    expect(router.state.location.pathname).toBe('/Dashboard');
  });

  it.each([
    ['the compliance group', { is_compliance: true }],
    ['admins', { isAdmin: true, is_staff: true }],
  ])('opens the clinical rotations to %s', async (_who, roles) => {
    stubApi({ 'GET /api/rotations/': jsonResponse({ results: [], count: 0, next: null }) });
    renderApp('/rotations', { preloadedState: signedIn({ ...sampleUser({ username: 'coordinator' }), ...roles }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Clinical Rotations' })).toBeTruthy();
  });

  it.each([
    ['finance staff', { is_finance: true }],
    ['admins', { isAdmin: true, is_staff: true }],
  ])('opens the payment plans to %s', async (_who, roles) => {
    stubApi({
      'GET /api/payment-plan-templates/': jsonResponse({
        templates: [],
        hold_rules: { installment_past_due_days: 30, balance_past_due: null, blocks: { plan_enrollment: true, clinical_clearance: false } },
      }),
    });
    renderApp('/finance/payment-plans', { preloadedState: signedIn({ ...sampleUser({ username: 'fiona' }), ...roles }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Plans' })).toBeTruthy();
  });

  it.each([
    ['a student', {}],
    ['staff', { is_staff: true }],
  ])('sends %s from the payment plans to the dashboard, saying why', async (_who, roles) => {
    const { router } = renderApp('/finance/payment-plans', { preloadedState: signedIn(sampleUser(roles)) });
    expect((await screen.findByRole('alert')).textContent).toContain('You do not have finance privileges to access this area.');
    expect(router.state.location.pathname).toBe('/Dashboard');
  });

  it('opens the clinical sites to admins only', async () => {
    stubApi({ 'GET /api/clinical-sites/': jsonResponse([]) });
    renderApp('/admin/clinical-sites', { preloadedState: signedIn(sampleUser({ username: 'admin', isAdmin: true, is_staff: true })) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Clinical Sites' })).toBeTruthy();
  });

  it('sends the compliance group from the clinical sites to the dashboard', async () => {
    const { router } = renderApp('/admin/clinical-sites', { preloadedState: signedIn({ ...sampleUser({ username: 'cora' }), is_compliance: true }) });
    await screen.findByRole('alert');
    expect(router.state.location.pathname).toBe('/Dashboard');
  });

  it('shows a shared roster to a visitor who is not signed in', async () => {
    stubApi({ [`GET /api/shared-rosters/${'t'.repeat(43)}/`]: jsonResponse({ error: 'This link has expired; ask the school for a new one' }, 410) });
    const { router } = renderApp(`/shared/rosters/${'t'.repeat(43)}`);
    expect(await screen.findByText('This link has expired; ask the school for a new one')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/shared/rosters/${'t'.repeat(43)}`);
  });

  it('answers unknown paths with a not-found page', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('wraps every page in the header and a main landmark', async () => {
    renderApp('/courses');
    await screen.findByRole('heading', { name: 'Courses Catalog' });
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
  });
});
