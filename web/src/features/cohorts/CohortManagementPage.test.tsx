import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { chooseOption, fill, jsonResponse, optionTexts, tableRows } from '../../testing/test-utils';
import { renderApp } from '../../testing/renderApp';
import { asAdmin, captureDownloads, cohorts, demoAnswers, stubCohortApi, todayIso, type Answer } from './cohortTestData';

const COLUMNS = ['Academic Year', 'Cohort #', 'Program Type', 'Program Name', 'Students', 'Start Date', 'Status', 'Actions'];

async function openPage(answers: Record<string, Answer> = demoAnswers()) {
  const calls = stubCohortApi(answers);
  const view = renderApp('/cohort-management', { preloadedState: asAdmin() });
  await screen.findByRole('heading', { level: 1, name: 'Cohort Management' });
  return { calls, ...view };
}

const rows = () => tableRows('Cohorts');
const programNames = () => rows().map((row) => row[3]);
const card = (label: string) => within(screen.getByRole('region', { name: label })).getByText((_, el) => el?.tagName === 'P').textContent;

// MUI dialogs and selects are slow in jsdom, more so on a busy 2-core machine.
describe('Cohort Management (spec: Cohort Management)', { timeout: 20_000 }, () => {
  it('shows the summary cards, the filters, the buttons and the columns, then the cohorts', async () => {
    await openPage();
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(card('Total Cohorts')).toBe('5');
    expect(card('Total Students')).toBe('14');
    expect(card('Active Programs')).toBe('4');
    expect(card('Avg. Class Size')).toBe('2.8');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(COLUMNS);
    expect(rows()[0]).toEqual(['2025-2026', '1', 'Certificate', 'Nursing Assistant', '5', 'Sep 2, 2025', 'Active', '']);
    expect(rows()[3][5]).toBe('Not set');
    for (const name of ['Clear Filters', 'Export', 'New Cohort']) expect(screen.getByRole('button', { name })).toBeTruthy();
    // Academic years come from the data.
    const years = optionTexts(screen.getByRole('combobox', { name: 'Academic Year' }));
    expect(years).toEqual(['All', '2026-2027', '2025-2026', '2024-2025']);
    const types = optionTexts(screen.getByRole('combobox', { name: 'Program Type' }));
    expect(types).toEqual(['All', 'Certificate', 'Diploma', 'Associates']);
  });

  it('links each row to its cohort detail and to an announcement addressed to its students', async () => {
    await openPage();
    await waitFor(() => expect(rows()).toHaveLength(5));
    const view = screen.getByRole('link', { name: 'View details of 2025-2026 Cohort 1 (Nursing Assistant)' });
    expect(view.getAttribute('href')).toBe('/cohort-management/cohort-2025-cert-1');
    const email = screen.getByRole('link', { name: 'Email students of 2025-2026 Cohort 1 (Nursing Assistant)' });
    expect(email.getAttribute('href')).toBe('/admin/announcements?compose=cohort&cohort_id=cohort-2025-cert-1');
  });

  it('filters as the search and selects change, shows the spec text when nothing matches, and clears', async () => {
    await openPage();
    await waitFor(() => expect(rows()).toHaveLength(5));
    chooseOption('Program Type', 'diploma');
    expect(programNames()).toEqual(['Patient Care Technician', 'Ultrasound Program']);
    chooseOption('Academic Year', '2026-2027');
    expect(programNames()).toEqual(['Ultrasound Program']);
    chooseOption('Status', 'inactive');
    expect(rows()).toEqual([['No cohorts found matching your criteria']]);
    expect((screen.getByRole('button', { name: 'Export' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(rows()).toHaveLength(5);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'ekg' } });
    expect(programNames()).toEqual(['EKG Technician']);
    // The summary describes every cohort, whatever the filters show.
    expect(card('Total Cohorts')).toBe('5');
  });

  it("exports the rows shown as CSV named with today's date", async () => {
    await openPage();
    await waitFor(() => expect(rows()).toHaveLength(5));
    const files = captureDownloads();
    chooseOption('Program Type', 'certificate');
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(files.map((f) => f.name)).toEqual([`cohorts-${todayIso()}.csv`]);
    const csv = Papa.parse<string[]>(await files[0].blob.text()).data;
    expect(csv.map((row) => row[3])).toEqual(['Program Name', 'Nursing Assistant', 'EKG Technician']);
  });

  it('says so when the cohorts cannot be loaded', async () => {
    await openPage({ 'GET /api/cohorts/': jsonResponse({ error: 'boom' }, 500) });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load cohorts data');
  });

  it('accepts the list under results or data too (spec section 7)', async () => {
    await openPage({ 'GET /api/cohorts/': jsonResponse({ results: cohorts.slice(0, 2) }) });
    await waitFor(() => expect(rows()).toHaveLength(2));
  });

  it('creates a cohort after checking the form with the server schema, and shows the server refusing a duplicate', async () => {
    let duplicate = true;
    const { calls } = await openPage({
      ...demoAnswers(),
      'POST /api/cohorts/': () =>
        duplicate ? jsonResponse({ error: 'cohort_number: 1 already exists for 2025-2026 certificate' }, 409) : jsonResponse({ ...cohorts[0], id: 'new' }, 201),
    });
    fireEvent.click(screen.getByRole('button', { name: 'New Cohort' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Cohort' });
    fill(dialog, { 'Academic Year': '2025-2027' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Cohort' }));
    expect(await within(dialog).findByText('Academic Year must be two consecutive years')).toBeTruthy();
    expect(within(dialog).getByText('Program Name is required')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fill(dialog, { 'Academic Year': '2025-2026', 'Program Name': 'Nursing Assistant', 'Start Date': '2025-09-02' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Cohort' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Cohort number 1 already exists for 2025-2026 certificate.');

    duplicate = false;
    fill(dialog, { 'Cohort Number': '4' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Cohort' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      academic_year: '2025-2026',
      cohort_number: 4,
      program_type: 'certificate',
      program_name: 'Nursing Assistant',
      start_date: '2025-09-02',
      end_date: null,
      is_active: true,
    });
    // The list is read again, so the new cohort shows.
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/cohorts/')).toHaveLength(2));
  });

  it('edits a cohort from its row', async () => {
    const { calls } = await openPage({ ...demoAnswers(), 'PUT /api/cohorts/cohort-2024-cert-3/': jsonResponse(cohorts[4]) });
    await waitFor(() => expect(rows()).toHaveLength(5));
    fireEvent.click(screen.getByRole('button', { name: 'Edit 2024-2025 Cohort 3 (EKG Technician)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Cohort' });
    expect((within(dialog).getByLabelText('Program Name', { exact: false }) as HTMLInputElement).value).toBe('EKG Technician');
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Active' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/api/cohorts/cohort-2024-cert-3/');
    expect(put?.body).toMatchObject({ academic_year: '2024-2025', cohort_number: 3, is_active: true, end_date: '2026-06-12' });
  });
});
