import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StudentRotation } from '#contract/clinical';
import { descriptionPairs, jsonResponse, signedIn, stubApi } from '../../testing/test-utils';
import { renderApp } from '../../testing/renderApp';

const next: StudentRotation = {
  id: 'r-7',
  site_name: 'St. Luke',
  unit: 'Peds',
  course_name: 'Child Health',
  instructor: 'Lee Park',
  starts_on: '2027-02-01',
  ends_on: '2027-04-30',
  cleared: true,
  reasons: [],
};

/** The student's dashboard, their compliance record answering `rotations`. */
function open(rotations: StudentRotation[] | undefined) {
  const calls = stubApi({ 'GET /api/compliance/students/student/': jsonResponse({ username: 'student', cleared: true, reasons: [], rotations, requirements: [] }) });
  renderApp('/Dashboard', { preloadedState: signedIn() });
  return calls;
}

describe('My Clinicals card', { timeout: 20_000 }, () => {
  it('shows the next rotation and that the student is cleared, with a link to My Compliance', async () => {
    open([next, { ...next, id: 'r-8', site_name: 'County Clinic' }]);
    const card = await screen.findByRole('region', { name: 'My Clinicals' });
    expect(descriptionPairs(card)).toEqual([
      ['Site', 'St. Luke'],
      ['Unit', 'Peds'],
      ['Course', 'Child Health'],
      ['Dates', 'Feb 1, 2027 – Apr 30, 2027'],
    ]);
    expect(within(card).getByText('Cleared for clinicals')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'My Compliance' }).getAttribute('href')).toBe('/compliance');
  });

  it('says the student is not cleared, and why', async () => {
    open([{ ...next, cleared: false, reasons: ['BLS card expires Mar 1, 2027, before the rotation ends', 'Flu shot is missing'] }]);
    const card = await screen.findByRole('region', { name: 'My Clinicals' });
    expect(within(card).getByText('Not cleared')).toBeTruthy();
    expect(
      within(within(card).getByRole('list', { name: 'Why you are not cleared' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['BLS card expires Mar 1, 2027, before the rotation ends', 'Flu shot is missing']);
  });

  it('shows nothing without a rotation', async () => {
    const calls = open([]);
    await screen.findByRole('region', { name: 'My Bill' });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/compliance/students/student/')).toBe(true));
    expect(screen.queryByRole('region', { name: 'My Clinicals' })).toBeNull();
  });
});
