import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fill, jsonResponse, optionTexts, stubApi, tableRows, toastText, type Answer } from '../../testing/test-utils';
import { renderApp } from '../../testing/renderApp';
import { asCoordinator, rotation, site } from './clinicalTestData';

const courses = [{ id: 'course-1', name: 'Adult Health I', CRN: '40101', credit_hours: 4, application_price: null, tuition_price: null, is_certificate_course: false }];

function open(answers: Record<string, Answer> = {}) {
  const calls = stubApi({
    'GET /api/rotations/': ({ path }) =>
      path.includes('cursor=')
        ? jsonResponse({ results: [rotation({ id: 'rot-2', site_name: 'County Clinic', unit: 'Clinic' })], count: 1, next: null })
        : jsonResponse({ results: [rotation()], count: 1, next: 'page-2' }),
    'GET /api/clinical-sites/': jsonResponse([site(), site({ id: 'site-2', name: 'County Clinic', units: ['Clinic'] })]),
    'GET /api/courses/': jsonResponse(courses),
    ...answers,
  });
  renderApp('/rotations', { preloadedState: asCoordinator() });
  return calls;
}

describe('Clinical rotations (the compliance group, admins)', { timeout: 20_000 }, () => {
  it('lists the upcoming rotations a page at a time, each leading to its roster', async () => {
    const calls = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Clinical Rotations' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Mercy General, ICU' });
    expect(link.getAttribute('href')).toBe('/rotations/rot-1');
    expect(tableRows('Rotations')[0]!.slice(1, 5)).toEqual(['Jan 10, 2027 – Mar 1, 2027', 'Adult Health I', 'Dana Cruz', '2 of 8']);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'County Clinic, Clinic' })).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('/api/rotations/')).map((c) => c.path)).toEqual(['/api/rotations/?limit=25', '/api/rotations/?limit=25&cursor=page-2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it("adds a rotation: the unit is one of the chosen site's, the course from the catalog", async () => {
    const calls = open({ 'POST /api/rotations/': jsonResponse(rotation({ id: 'rot-9' }), 201) });
    fireEvent.click(await screen.findByRole('button', { name: 'Add rotation' }));
    const dialog = await screen.findByRole('dialog', { name: 'New rotation' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rotation' }));
    expect(await within(dialog).findByText('Site is required')).toBeTruthy();
    expect(within(dialog).getByText('Start date is required')).toBeTruthy();

    await waitFor(() => expect(optionTexts(within(dialog).getByLabelText('Site', { exact: false }))).toEqual(['Choose a site', 'Mercy General', 'County Clinic']));
    fill(dialog, { Site: 'site-2' });
    expect(optionTexts(within(dialog).getByLabelText('Unit', { exact: false }))).toEqual(['Choose a unit', 'Clinic']);
    await waitFor(() => expect(optionTexts(within(dialog).getByLabelText('Course', { exact: false }))).toContain('Adult Health I (CRN 40101)'));
    fill(dialog, { Unit: 'Clinic', Course: 'course-1', 'Instructor *': 'Dana Cruz', 'Start date': '2027-01-10', 'End date': '2027-03-01', Capacity: '6' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rotation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      site_id: 'site-2',
      unit: 'Clinic',
      course_id: 'course-1',
      instructor: 'Dana Cruz',
      instructor_email: '',
      starts_on: '2027-01-10',
      ends_on: '2027-03-01',
      capacity: 6,
    });
    expect(await toastText()).toContain('Rotation added.');
  });

  it('shows a refused edit in the dialog as a sentence', async () => {
    open({ 'PUT /api/rotations/rot-1/': jsonResponse({ error: 'capacity: 2 students are assigned; take some off before lowering it to 1' }, 409) });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Mercy General, ICU' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit rotation' });
    fill(dialog, { Capacity: '1' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rotation' }));
    expect(await within(dialog).findByText('The capacity is too low: 2 students are assigned; take some off before lowering it to 1.')).toBeTruthy();
  });

  it('deletes a rotation once confirmed', async () => {
    const calls = open({ 'DELETE /api/rotations/rot-1/': new Response(null, { status: 204 }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Mercy General, ICU' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete this rotation?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/rotations/rot-1/')).toBe(true));
    expect(await toastText()).toContain('Rotation deleted.');
  });
});
