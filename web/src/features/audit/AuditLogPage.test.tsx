import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuditEntrySummary, AuditPage } from '#contract/audit';
import { applyFilters, jsonResponse, sampleUser, signedIn, stubApi, stubMediaQueries, type ApiCall } from '../../testing/test-utils';
import { renderApp } from '../../testing/renderApp';
import { subjectOf } from './auditQuery';

const admin = sampleUser({ username: 'admin', isAdmin: true, is_staff: true });

const entry = (over: Partial<AuditEntrySummary> = {}): AuditEntrySummary => ({
  id: 'e1',
  at: '2026-03-02T15:04:05.000Z',
  actor: 'admin',
  action: 'course.create',
  entity_type: 'course',
  entity_id: 'course-1',
  subject: 'course Physics (40101)',
  ...over,
});
const page = (results: AuditEntrySummary[], next: string | null = null): AuditPage => ({ results, count: results.length, next, from: '2026-02-01', to: '2026-03-03' });

/** Serves the log: two pages without a cursor, the second with `cursor=c2`; a user named "broken" is a 400. */
function stubLog(): ApiCall[] {
  return stubApi({
    'GET /api/audit/': ({ path }) => {
      const query = new URL(path, 'http://x').searchParams;
      if (query.get('actor') === 'broken') return jsonResponse({ error: 'to: may be at most 31 days after from unless a user or action is chosen' }, 400);
      if (query.get('cursor') === 'c2')
        return jsonResponse(
          page([entry({ id: 'e3', actor: 'staff', action: 'document.delete', entity_type: 'document', entity_id: 'doc-9', subject: 'document Clinical Handbook' })]),
        );
      return jsonResponse(
        page(
          [
            entry(),
            entry({
              id: 'e2',
              actor: 'finance',
              action: 'cohort.roster.read',
              entity_type: 'cohort',
              entity_id: 'cohort-2026-cert-1',
              subject: 'cohort 2026-2027 Cohort 1 (Phlebotomy)',
              detail: { count: 12, students: [] },
            }),
          ],
          'c2',
        ),
      );
    },
  });
}

function openAudit() {
  stubMediaQueries((query) => query.includes('min-width:900px'));
  return renderApp('/admin?view=audit', { preloadedState: signedIn(admin) });
}

const rows = () =>
  within(screen.getByRole('table', { name: 'Audit log' }))
    .getAllByRole('row')
    .slice(1);
// the last cell holds the row's open button
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .slice(0, 4)
    .map((c) => c.textContent);

describe('Audit log (admin panel)', { timeout: 20_000 }, () => {
  it('is a view of the admin panel listing time, user, action and subject, newest first, with Load more', async () => {
    const calls = stubLog();
    openAudit();
    expect(await screen.findByRole('heading', { level: 2, name: 'Audit log' })).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: 'Admin menu' }))
        .getByRole('button', { name: 'Audit log' })
        .getAttribute('aria-current'),
    ).toBe('page');
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [first, second] = rows();
    expect(cells(first!).slice(1)).toEqual(['admin', 'course.create', 'course Physics (40101)']);
    expect(cells(first!)[0]).toMatch(/2026/);
    expect(within(within(first!).getAllByRole('cell')[0]!).getByTitle('2026-03-02T15:04:05.000Z')).toBeTruthy();
    expect(cells(second!).slice(1)).toEqual(['finance', 'cohort.roster.read', 'cohort 2026-2027 Cohort 1 (Phlebotomy) (12 students)']);
    expect(screen.getByText('2026-02-01 to 2026-03-03')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(cells(rows()[2]!).slice(1)).toEqual(['staff', 'document.delete', 'document Clinical Handbook']);
    expect(calls.filter((c) => c.path.startsWith('/api/audit/')).map((c) => c.path)).toEqual(['/api/audit/?limit=50', '/api/audit/?limit=50&cursor=c2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('opens an entry by a click on its row or its View button, showing the subject and before / after', async () => {
    stubLog();
    openAudit();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(rows()[0]!).getAllByRole('cell')[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Audit entry' });
    expect(within(dialog).getByText('course Physics (40101)')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'View cohort.roster.read of cohort 2026-2027 Cohort 1 (Phlebotomy) (12 students)' }));
    expect(within(await screen.findByRole('dialog', { name: 'Audit entry' })).getByLabelText('Details').textContent).toContain('"count": 12');
  });

  it('sends the user, action and date range as the query, and clears them', async () => {
    const calls = stubLog();
    openAudit();
    await waitFor(() => expect(rows()).toHaveLength(2));
    applyFilters({ User: ' finance ', Action: 'student.read', From: '2026-01-01', To: '2026-03-31' });
    await waitFor(() => expect(calls.filter((c) => c.path.startsWith('/api/audit/'))).toHaveLength(2));
    const filtered = new URL(calls.filter((c) => c.path.startsWith('/api/audit/'))[1]!.path, 'http://x');
    expect(Object.fromEntries(filtered.searchParams)).toEqual({ actor: 'finance', action: 'student.read', from: '2026-01-01', to: '2026-03-31', limit: '50' });

    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect((screen.getByLabelText('Action') as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText('User') as HTMLInputElement).value).toBe('');
  });

  it('stops a range that ends before it starts, and shows what the server refuses', async () => {
    const calls = stubLog();
    openAudit();
    await waitFor(() => expect(rows()).toHaveLength(2));
    applyFilters({ From: '2026-03-01', To: '2026-02-01' });
    expect(await screen.findByText('The start date must not be after the end date.')).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('/api/audit/'))).toHaveLength(1);

    applyFilters({ From: '', User: 'broken' });
    expect(await screen.findByText(/Unable to load the audit log: (to:|The end date) may be at most 31 days/)).toBeTruthy();
  });

  it('names the subject by its stored label, and the students a read showed by count', () => {
    expect(subjectOf({ entity_type: 'student', entity_id: 'ben', subject: 'student Ben Nguyen (ben)', detail: undefined })).toBe('student Ben Nguyen (ben)');
    expect(subjectOf({ entity_type: 'students', entity_id: 'list', subject: 'students list', detail: { count: 1 } })).toBe('students list (1 student)');
    expect(subjectOf({ entity_type: 'student', entity_id: 'ben' })).toBe('student ben');
  });
});
