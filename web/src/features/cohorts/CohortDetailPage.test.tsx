import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { jsonResponse, tableRows } from '../../testing/test-utils';
import { renderApp } from '../../testing/renderApp';
import { asAdmin, captureDownloads, certCohort, cohorts, demoAnswers, roster, stubCohortApi, type Answer } from './cohortTestData';

const ROSTER_PATH = `/api/cohorts/${certCohort.id}/students/`;

async function openDetail(answers: Record<string, Answer> = demoAnswers(), cohortId = certCohort.id) {
  const calls = stubCohortApi(answers);
  const view = renderApp(`/cohort-management/${cohortId}`, { preloadedState: asAdmin() });
  await screen.findByRole('link', { name: 'Back to Cohorts' });
  return { calls, ...view };
}

const rosterRows = () => tableRows('Student Roster');
const card = (label: string) => within(screen.getByRole('region', { name: label })).getByText((_, el) => el?.tagName === 'P').textContent;
const cardText = (label: string) => screen.getByRole('region', { name: label }).textContent;

describe('Cohort detail (spec: Cohort detail)', { timeout: 20_000 }, () => {
  it('shows the breadcrumb, Back to Cohorts, the four cards and the chart', async () => {
    await openDetail();
    expect(await screen.findByRole('heading', { level: 1, name: '2025-2026 Cohort 1' })).toBeTruthy();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Cohort Management' }).getAttribute('href')).toBe('/cohort-management');
    expect(screen.getByRole('link', { name: 'Back to Cohorts' }).getAttribute('href')).toBe('/cohort-management');

    await waitFor(() => expect(card('Total Students')).toBe('5'));
    expect(card('Total Outstanding')).toBe('$6,550.00');
    // Aisha alone is paid: the student without payment details counts as unpaid.
    expect(card('Paid Students')).toBe('1');
    expect(cardText('Paid Students')).toContain('20% of cohort');
    expect(cardText('Program Dates')).toBe('Program DatesStart: Sep 2, 2025End: Jun 12, 2026');
    expect(screen.getByRole('img', { name: 'Paid $8,250.00 (56%), outstanding $6,550.00 (44%)' })).toBeTruthy();
  });

  it('shows "Not set" and "Ongoing" for missing dates', async () => {
    await openDetail({ ...demoAnswers(), 'GET /api/cohorts/cohort-2026-dipl-2/students/': jsonResponse([]) }, 'cohort-2026-dipl-2');
    await waitFor(() => expect(cardText('Program Dates')).toBe('Program DatesStart: Not setEnd: Ongoing'));
    // the roster is a request of its own, which may still be loading
    await waitFor(() => expect(rosterRows()).toEqual([['No students found in this cohort']]));
    expect(card('Paid Students')).toBe('0');
    expect(cardText('Paid Students')).toContain('0% of cohort');
  });

  it('lists the roster with the roster labels: 0 Current, exactly 500 Due, above 500 Overdue', async () => {
    await openDetail();
    await waitFor(() => expect(rosterRows()).toHaveLength(5));
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Student',
      'Username',
      'Email',
      'Current Balance',
      'Payment Status',
      'Program Progress',
      'Actions',
    ]);
    expect(rosterRows().map(([name, username, , balance, status, progress]) => [name, username, balance, status, progress])).toEqual([
      ['Maria Lopez', 'student', '$5,700.00', 'Overdue', 'In Progress'],
      ['Aisha Khan', 'aisha.khan', '$0.00', 'Current', 'In Progress'],
      ['Ben Nguyen, "Jr."', 'ben.nguyen', '$350.00', 'Due', 'In Progress'],
      ['Carla Diaz', 'carla.diaz', '$500.00', 'Due', 'In Progress'],
      ['Nia Okafor', 'new.student', '$0.00', 'Current', 'In Progress'],
    ]);
  });

  it('exports the list named by year and cohort number, and links Email All to an announcement to the cohort', async () => {
    await openDetail();
    await waitFor(() => expect(rosterRows()).toHaveLength(5));
    const files = captureDownloads();
    fireEvent.click(screen.getByRole('button', { name: 'Export List' }));
    expect(files.map((f) => f.name)).toEqual(['cohort-2025-2026-1-students.csv']);
    const csv = Papa.parse<string[]>(await files[0].blob.text()).data;
    expect(csv[0]).toEqual(['Name', 'Username', 'Email', 'Program Type', 'Current Balance', 'Payment Status', 'Enrollment Date']);
    expect(csv.slice(1).map((row) => [row[0], row[4], row[5]])).toEqual([
      ['Maria Lopez', '5700.00', 'Outstanding'],
      ['Aisha Khan', '0.00', 'Paid'],
      ['Ben Nguyen, "Jr."', '350.00', 'Outstanding'],
      ['Carla Diaz', '500.00', 'Outstanding'],
      ['Nia Okafor', '0.00', 'Paid'],
    ]);

    expect(screen.getByRole('link', { name: 'Email All' }).getAttribute('href')).toBe(`/admin/announcements?compose=cohort&cohort_id=${certCohort.id}`);
  });

  it('says so when the roster cannot be loaded, after trying the fallback', async () => {
    const { calls } = await openDetail({
      'GET /api/cohorts/': jsonResponse(cohorts),
      [`GET ${ROSTER_PATH}`]: jsonResponse({ error: 'boom' }, 500),
      'GET /api/students/': jsonResponse({ error: 'boom' }, 500),
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load cohort students');
    expect(calls.map((c) => c.path)).toContain(`/api/students/?cohort_id=${certCohort.id}`);
  });

  it('reads the roster from GET /api/students/?cohort_id= when the cohort call fails (spec section 7)', async () => {
    await openDetail({
      'GET /api/cohorts/': jsonResponse(cohorts),
      [`GET ${ROSTER_PATH}`]: jsonResponse({ error: 'Not found' }, 404),
      'GET /api/students/': jsonResponse(roster.slice(0, 2)),
    });
    await waitFor(() => expect(rosterRows()).toHaveLength(2));
  });

  it('says so for an unknown cohort, and when the cohorts cannot be loaded', async () => {
    const { unmount } = await openDetail(demoAnswers(), 'no-such-cohort');
    expect((await screen.findByRole('alert')).textContent).toBe('Cohort not found');
    unmount();

    await openDetail({ 'GET /api/cohorts/': jsonResponse({ error: 'boom' }, 500) });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load cohorts data');
  });

  it('moves a student into the cohort with Add Student, then reads the roster again', async () => {
    let added = false;
    const { calls } = await openDetail({
      ...demoAnswers(),
      [`GET ${ROSTER_PATH}`]: () => jsonResponse(added ? [...roster, { ...roster[1], username: 'paid', first_name: 'James', last_name: 'Carter' }] : roster),
      [`POST ${ROSTER_PATH}`]: (call) =>
        (call.body as { username: string }).username === 'ghost'
          ? jsonResponse({ error: 'Student not found' }, 404)
          : ((added = true), jsonResponse({ message: 'Student moved to the cohort' })),
    });
    await waitFor(() => expect(rosterRows()).toHaveLength(5));
    fireEvent.click(screen.getByRole('button', { name: 'Add Student' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Student' });
    const username = within(dialog).getByLabelText('Username', { exact: false });
    fireEvent.change(username, { target: { value: 'ghost' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Student' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Student not found');

    fireEvent.change(username, { target: { value: ' paid ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Student' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ username: 'ghost' }, { username: 'paid' }]);
    await waitFor(() => expect(rosterRows()).toHaveLength(6));
  });
});
