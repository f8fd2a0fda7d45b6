import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chooseOption, jsonResponse, optionTexts, passTime, tableRows, withFakeTimers } from '../../testing/test-utils';
import { renderApp } from '../../testing/renderApp';
import { asAdmin, demoAnswers, stubStudentsApi, type Answer, type Call } from './studentTestData';

const COLUMNS = ['Name', 'Username', 'Email', 'Program', 'Cohort', 'Balance', 'Sign-in', 'Actions'];

async function openList(answers: Record<string, Answer> = demoAnswers()) {
  const calls = stubStudentsApi(answers);
  const view = renderApp('/admin?view=students', { preloadedState: asAdmin() });
  await screen.findByRole('heading', { level: 2, name: 'Students' });
  return { calls, ...view };
}

/** How long the search box waits for typing to pause before it asks the server (StudentList's debounce). */
const SEARCH_PAUSE_MS = 300;

const rows = () => tableRows('Students');
const usernames = () => rows().map((row) => row[1]);
const listCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/students/');

describe('Students list', { timeout: 20_000 }, () => {
  it('shows every student with program, cohort, balance to the cent and sign-in state, each linking to the record', async () => {
    await openList();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(COLUMNS);
    expect(rows()[0]).toEqual(['Jane Doe', 'jane.doe', 'jane.doe@students.example.edu', 'Phlebotomy', '2026-2027 Cohort 2', '$750.00', 'Enabled', '']);
    expect(rows()[2]?.slice(4, 7)).toEqual(['2025-2026 Cohort 1', '$1,200.50', 'Disabled']);
    const open = screen.getByRole('link', { name: 'Open record of Jane Doe' });
    expect(open.getAttribute('href')).toBe('/admin?view=students&student=jane.doe');
    for (const name of ['Add Student', 'Import CSV', 'Clear Filters']) expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it('asks the server for program type, balance status and search (once typing pauses), and filters by cohort here', async () => {
    const answers = demoAnswers();
    const { calls } = await openList(answers);
    await waitFor(() => expect(rows()).toHaveLength(3));

    chooseOption('Balance Status', 'overdue');
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('balance_status')).toBe('overdue'));
    expect(optionTexts(screen.getByRole('combobox', { name: 'Balance Status' }))).toEqual(['All', 'Current', 'Due', 'Overdue']);

    chooseOption('Program Type', 'diploma');
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('program_type')).toBe('diploma'));
    // The cohort select offers only the cohorts of that program type.
    expect(optionTexts(screen.getByRole('combobox', { name: 'Cohort' }))).toEqual(['All', '2025-2026 Cohort 1 (Patient Care Technician)']);

    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    const before = listCalls(calls).length;
    await withFakeTimers(async () => {
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'pau' } });
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'paul' } });
      await passTime(SEARCH_PAUSE_MS);
      await waitFor(() => expect(usernames()).toEqual(['paul.smith']));
      const searches = listCalls(calls)
        .slice(before)
        .map((c) => c.query.get('search'));
      expect(searches).not.toContain('pau');
      expect(searches.at(-1)).toBe('paul');
      // Empty filters stay out of the query string.
      expect([...(listCalls(calls).at(-1)?.query.keys() ?? [])]).toEqual(['search']);

      fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: '' } });
      await passTime(SEARCH_PAUSE_MS);
      await waitFor(() => expect(rows()).toHaveLength(3));
    });
    chooseOption('Cohort', 'cohort-2025-cert-1');
    expect(usernames()).toEqual(['aisha.khan']);
    chooseOption('Program Type', 'diploma');
    // A cohort of another program type is dropped with the new program type.
    expect((screen.getByRole('combobox', { name: 'Cohort' }) as HTMLSelectElement).value).toBe('');
  });

  it('says when no student matches', async () => {
    await openList({ ...demoAnswers(), 'GET /api/students/': [] });
    expect(await screen.findByText('No students found')).toBeTruthy();
  });

  it('says so when the list cannot be loaded', async () => {
    await openList({ ...demoAnswers(), 'GET /api/students/': () => jsonResponse({ error: 'boom' }, 500) });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load students');
  });
});
