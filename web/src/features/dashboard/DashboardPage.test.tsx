import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { seasonLabel } from '#shared/lib/season';
import { jsonResponse, sampleUser, signedIn } from '../../testing/test-utils';
import { renderApp } from '../../testing/renderApp';
import { welcomeText } from './welcome';

/** Every request answers 404: the cards that need no student record still show. */
const withoutStudentRecord = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse({ error: 'Not found' }, 404)),
  );

/** The Dashboard of the signed-in student, and its card named `name` once shown. */
async function openCard(name: string) {
  withoutStudentRecord();
  renderApp('/Dashboard', { preloadedState: signedIn() });
  return within(await screen.findByRole('region', { name }));
}

describe('welcome text', () => {
  it('uses the first name, else the username', () => {
    expect(welcomeText({ first_name: 'Jane', username: 'jdoe' })).toBe('Welcome back, Jane!');
    expect(welcomeText({ first_name: '  ', username: 'jdoe' })).toBe('Welcome back, jdoe!');
  });
});

describe('Dashboard header card', () => {
  it('shows the welcome, email, program from the student record, and the semester chip', async () => {
    const fetchMock = vi.fn(async (_input: unknown) => jsonResponse({ username: 'student', program: 'Practical Nursing Diploma' }));
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/Dashboard', { preloadedState: signedIn(sampleUser({ token: 'tok-9' })) });

    expect(await screen.findByRole('heading', { name: 'Welcome back, Jane!' })).toBeTruthy();
    const card = within(screen.getByRole('region', { name: 'Welcome back, Jane!' }));
    expect(card.getByText('student@example.edu')).toBeTruthy();
    expect(await card.findByText('Practical Nursing Diploma')).toBeTruthy();
    expect(card.getByText(seasonLabel())).toBeTruthy();
    const links = within(card.getByRole('navigation', { name: 'Dashboard' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Course Schedule Editor', '/course-schedule-editor'],
      ['Course Catalog', '/courses'],
      ['Shopping Cart', '/cart'],
    ]);

    const request = fetchMock.mock.calls.map(([input]) => input as Request).find((r) => r.url.includes('/api/students/'))!;
    expect(request.url).toMatch(/\/api\/students\/student\/$/);
    expect(request.headers.get('Authorization')).toBe('Bearer tok-9');
  });

  it('gives staff their own dashboard: the documents figures from /api/dashboard/, a link to Document Management, no student record', async () => {
    const summary = {
      generated_at: '2026-06-15T12:00:00.000Z',
      documents: { awaiting_acknowledgement: [{ document_id: 'd1', title: 'Clinical policy', expected: 3, acknowledged: 1, awaiting: 2 }], recent_uploads: [] },
    };
    const fetchMock = vi.fn(async (_input: Request) => jsonResponse(summary));
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/Dashboard', { preloadedState: signedIn(sampleUser({ username: 'staff', is_staff: true })) });
    const card = await screen.findByRole('region', { name: 'Awaiting acknowledgement' });
    await within(card).findByText('1 of 3 acknowledged');
    expect(within(card).getByText('2 awaiting')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Document Management' }).getAttribute('href')).toBe('/documents');
    // the header's bell reads notices besides
    expect(fetchMock.mock.calls.map(([request]) => new URL(request.url).pathname).filter((path) => !path.startsWith('/api/notifications/'))).toEqual(['/api/dashboard/']);
  });

  it('omits the program when the user has no student record (404)', async () => {
    withoutStudentRecord();
    const warn = vi.spyOn(console, 'warn');
    renderApp('/Dashboard', { preloadedState: signedIn(sampleUser({ username: 'admin', first_name: '', isAdmin: true })) });
    expect(await screen.findByRole('heading', { name: 'Welcome back, admin!' })).toBeTruthy();
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(warn).not.toHaveBeenCalled();
  });

  it('sends anonymous visitors to the login screen at /', async () => {
    const { router } = renderApp('/Dashboard');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('My Registration card', () => {
  it('shows the semester, the two schedule buttons and the fixed academic information', async () => {
    const card = await openCard('My Registration');

    expect(card.getByText(seasonLabel())).toBeTruthy();
    for (const name of ['View Course Schedule', 'Edit Course Schedule']) {
      expect(card.getByRole('link', { name }).getAttribute('href')).toBe('/course-schedule-editor');
    }
    expect(card.getByRole('heading', { name: 'Academic Information' })).toBeTruthy();
    expect(valueOf(card.getByText('Course Status'))).toBe('Add/Drop/Withdraw');
    expect(valueOf(card.getByText('Academic Standing'))).toBe('Good');
    expect(card.getByText('Good').closest('.MuiChip-root')?.className).toContain('MuiChip-colorSuccess');
    expect(valueOf(card.getByText('Semester GPA'))).toBe('4.00');
    expect(valueOf(card.getByText('Overall GPA'))).toBe('4.00');
  });
});

describe('My Financial Aid card', () => {
  it('lists the sample awards, totals the Approved ones and offers the two buttons', async () => {
    const card = await openCard('My Financial Aid');

    const awards = card.getAllByRole('listitem').map((item) => item.textContent);
    expect(awards).toHaveLength(3);
    expect(awards[0]).toMatch(/\$5,000\.00Approved$/);
    expect(awards[1]).toMatch(/\$3,000\.00Approved$/);
    expect(awards[2]).toMatch(/\$1,500\.00Pending$/);
    expect(card.getByText('Total Approved Aid').nextElementSibling?.textContent).toBe('$8,000.00');
    expect(card.getByRole('button', { name: 'View Award Letters' })).toBeTruthy();
    expect(card.getByRole('button', { name: 'Apply for Additional Aid' })).toBeTruthy();
  });
});

/** The value (dd) next to a label (dt) in a description list. */
function valueOf(label: HTMLElement): string | null | undefined {
  return label.nextElementSibling?.textContent;
}
