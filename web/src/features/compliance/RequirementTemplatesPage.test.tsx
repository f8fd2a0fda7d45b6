import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fill, jsonResponse, stubApi, tableRows, toastText, type Answer } from '../../testing/test-utils';
import { renderApp } from '../../testing/renderApp';
import { asAdmin, asComplianceStaff, bls, flu } from './complianceTestData';

function open(answers: Record<string, Answer> = {}) {
  const calls = stubApi({
    'GET /api/compliance/requirements/': jsonResponse({ requirements: [bls, flu], version: 7 }),
    'GET /api/cohorts/': jsonResponse([]),
    'PUT /api/compliance/requirements/': ({ body }) => {
      const sent = body as { requirements: object[]; version: number };
      return jsonResponse({ requirements: sent.requirements.map((r, i) => ({ id: `saved-${i}`, ...r })), version: sent.version + 1 });
    },
    ...answers,
  });
  renderApp('/admin/compliance/requirements', { preloadedState: asAdmin() });
  return calls;
}

const puts = (calls: { method: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'PUT').map((c) => c.body as { requirements: Array<Record<string, unknown>>; version: number });

describe('Compliance requirement templates', { timeout: 20_000 }, () => {
  it('lists the templates with their rules', async () => {
    open();
    await screen.findByRole('button', { name: 'Edit BLS card' });
    expect(tableRows('Requirements').map((cells) => cells.slice(0, 8))).toEqual([
      ['BLS card', 'CPR / BLS', 'A file and its dates', 'Valid 24 months after completion', 'Program: Diploma', '14 days before start', '—', 'No'],
      ['Flu shot', 'Immunization', 'A file and its dates', 'Valid through 31 March', 'Program: Diploma', '14 days before start', '—', 'Allowed'],
    ]);
  });

  it('edits one, adds one, retires one, and saves the whole set with one PUT', async () => {
    const calls = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit BLS card' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit BLS card' });
    fill(dialog, { Months: '36', Alternatives: 'Red Cross BLS card\n\n' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Add requirement' }));
    dialog = await screen.findByRole('dialog', { name: 'New requirement' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Name is required.');
    fill(dialog, { Name: 'TB test', Category: 'tb', Evidence: 'date_only' });
    // the month and day boxes appear once the validity is seasonal
    fill(dialog, { Validity: 'seasonal', 'Until month': '8', 'Until day': '15', 'Due days from cohort start': '-30' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Students may ask for an exemption' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Retire Flu shot' }));
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    expect(puts(calls)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Save requirements' }));

    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]).toEqual({
      requirements: [
        { ...bls, validity: { kind: 'months', months: 36 }, alternatives: ['Red Cross BLS card'] },
        {
          name: 'TB test',
          category: 'tb',
          evidence: 'date_only',
          validity: { kind: 'seasonal', month: 8, day: 15 },
          applies_to: { kind: 'program_type', program_type: 'certificate' },
          due_days_from_cohort_start: -30,
          guidelines: '',
          alternatives: [],
          exemption_allowed: true,
        },
      ],
      version: 7,
    });
    expect(await toastText()).toContain('Requirements saved.');
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull());
  });

  it('names the version each save starts from: the one read, then the one its own save answered', async () => {
    const calls = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Retire Flu shot' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save requirements' }));
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Retire BLS card' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save requirements' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls).map((p) => p.version)).toEqual([7, 8]);
  });

  it('after another admin saved meanwhile: says so, keeps the edits, and reloads the set on request', async () => {
    const calls = open({
      'PUT /api/compliance/requirements/': jsonResponse(
        { error: 'The requirements were changed by someone else since you opened them. Reload to see their changes, then make yours again.' },
        409,
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Retire Flu shot' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save requirements' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The requirements were changed by someone else since you opened them. Reload to see their changes, then make yours again.',
    );
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    const reads = () => calls.filter((c) => c.method === 'GET' && c.path === '/api/compliance/requirements/').length;
    const before = reads();
    fireEvent.click(screen.getByRole('button', { name: 'Reload the requirements' }));
    await waitFor(() => expect(reads()).toBe(before + 1));
    await screen.findByRole('button', { name: 'Retire Flu shot' });
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reload the requirements' })).toBeNull();
  });

  it('checks the fields against the contract before keeping them', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit BLS card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit BLS card' });
    fill(dialog, { Months: '200' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Months must be at most 120.');
    fill(dialog, { 'Applies to': 'cohort', Months: '12' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Cohort is required.');
  });

  it("shows the API's refusal of the set as a sentence and keeps the edits", async () => {
    open({ 'PUT /api/compliance/requirements/': jsonResponse({ error: 'requirements: may hold at most 60 requirements' }, 400) });
    fireEvent.click(await screen.findByRole('button', { name: 'Retire Flu shot' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save requirements' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Requirements may hold at most 60 requirements.');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });

  it('keeps non-admins out', async () => {
    stubApi({});
    const { router } = renderApp('/admin/compliance/requirements', { preloadedState: asComplianceStaff() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/Dashboard'));
  });
});
