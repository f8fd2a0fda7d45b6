import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubApi, tableRows, toastText, type Answer } from '../../testing/test-utils';
import { renderApp } from '../../testing/renderApp';
import type { RootState } from '#shared/store/state';
import { asAdmin, asComplianceStaff, bls, flu, queueEntry } from './complianceTestData';

const FIRST = '11111111-1111-4111-8111-111111111111';
const SECOND = '33333333-3333-4333-8333-333333333333';
// images: happy-dom cannot load a PDF's frame
const png = (name: string) => [{ key: `compliance/${name}`, name, size: 10, content_type: 'image/png' }];
const entries = [
  queueEntry({ id: FIRST, files: png('bls-front.png') }),
  queueEntry(
    { id: SECOND, requirement_id: 'flu', completed_on: '2026-10-15', username: 'bsmith', files: png('flu.png') },
    { username: 'bsmith', first_name: 'Bob', last_name: 'Smith', cohort_id: 'cohort-2026-2' },
    'Flu shot',
  ),
];

function open(answers: Record<string, Answer> = {}, state: Partial<RootState> = asComplianceStaff()) {
  const calls = stubApi({
    'GET /api/compliance/queue/': jsonResponse({ results: entries, count: 2, next: null }),
    'GET /api/compliance/requirements/': jsonResponse({ requirements: [bls, flu], version: 3 }),
    'GET /api/cohorts/': jsonResponse([]),
    [`GET /api/compliance/submissions/${FIRST}/files/0/`]: jsonResponse({
      download_url: 'https://bucket.test/bls.png?sig=1',
      file_name: 'bls-front.png',
      file_type: 'png',
      expires_in: 300,
    }),
    [`GET /api/compliance/submissions/${SECOND}/files/0/`]: jsonResponse({
      download_url: 'https://bucket.test/flu.png?sig=2',
      file_name: 'flu.png',
      file_type: 'png',
      expires_in: 300,
    }),
    [`POST /api/compliance/submissions/${FIRST}/decision/`]: jsonResponse({}),
    [`POST /api/compliance/submissions/${SECOND}/decision/`]: jsonResponse({}),
    ...answers,
  });
  const rendered = renderApp('/compliance/review', { preloadedState: state });
  return { calls, ...rendered };
}

const queueCalls = (calls: { path: string }[]) => calls.filter((c) => c.path.startsWith('/api/compliance/queue/')).map((c) => c.path);
const decisions = (calls: { method: string; path: string; body: unknown }[]) => calls.filter((c) => c.path.endsWith('/decision/')).map((c) => [c.path.split('/')[4], c.body]);

async function review(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Review ${name}` }));
  return screen.findByRole('dialog');
}
const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label, { exact: false }) as HTMLInputElement;

describe('Compliance review queue', { timeout: 20_000 }, () => {
  it('lists the pending items and filters by status, cohort and requirement', async () => {
    const { calls } = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Compliance Review' })).toBeTruthy();
    await screen.findByRole('button', { name: 'Review Jane Doe, BLS card' });
    expect(tableRows('Review queue').map((cells) => [cells[1], cells[2], cells[4]])).toEqual([
      ['Jane Doe', 'BLS card', '1'],
      ['Bob Smith', 'Flu shot', '1'],
    ]);
    // the compliance group lists the cohorts by name
    expect(calls.some((c) => c.path === '/api/cohorts/')).toBe(true);

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'expiring' } });
    fireEvent.change(screen.getByLabelText('Requirement'), { target: { value: 'flu' } });
    fireEvent.change(screen.getByLabelText('Cohort'), { target: { value: 'cohort-2026-2' } });
    await waitFor(() => expect(queueCalls(calls).at(-1)).toBe('/api/compliance/queue/?status=expiring&cohort_id=cohort-2026-2&requirement_id=flu&limit=50'));
    expect(queueCalls(calls)[0]).toBe('/api/compliance/queue/?status=pending&limit=50');
    expect(screen.getByRole('link', { name: "Open this cohort's compliance grid" }).getAttribute('href')).toBe('/cohorts/cohort-2026-2/compliance');
  });

  it('previews the files, approves with the expiry suggested from the validity, and moves to the next item', async () => {
    const { calls } = open();
    const dialog = await review('Jane Doe, BLS card');
    expect(((await within(dialog).findByRole('img', { name: 'bls-front.png' })) as HTMLImageElement).src).toBe('https://bucket.test/bls.png?sig=1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zoom in' }));
    expect(within(dialog).getByText('125%')).toBeTruthy();
    expect(field(dialog, 'Completion date').value).toBe('2026-10-01');
    // BLS: valid 24 months after completion
    expect(field(dialog, 'Expiry date').value).toBe('2028-10-01');
    fireEvent.change(field(dialog, 'Completion date'), { target: { value: '2026-09-15' } });
    expect(field(dialog, 'Expiry date').value).toBe('2028-09-15');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));

    // the next item opens: the flu shot, good through the next 31 March
    await waitFor(() => expect(screen.getByRole('dialog').textContent).toContain('Flu shot: Bob Smith'));
    expect(decisions(calls)).toEqual([[FIRST, { decision: 'approved', completed_on: '2026-09-15', expires_on: '2028-09-15' }]]);
    expect(field(screen.getByRole('dialog'), 'Expiry date').value).toBe('2027-03-31');
    expect(await toastText()).toContain('Approved.');
  });

  it('requires a reason to mark an item not approved', async () => {
    const { calls } = open();
    const dialog = await review('Jane Doe, BLS card');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not approved' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Give a reason when an item is not approved.');
    expect(decisions(calls)).toEqual([]);
    fireEvent.change(field(dialog, 'Reason'), { target: { value: 'The card is expired' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not approved' }));
    await waitFor(() => expect(decisions(calls)).toEqual([[FIRST, { decision: 'not_approved', reason: 'The card is expired' }]]));
  });

  it('requires both dates to approve and shows refusals in plain words', async () => {
    const { calls } = open({ [`POST /api/compliance/submissions/${FIRST}/decision/`]: jsonResponse({ error: 'expires_on: must be after the completion date' }, 400) });
    const dialog = await review('Jane Doe, BLS card');
    fireEvent.change(field(dialog, 'Expiry date'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter the expiry date to approve.');
    fireEvent.change(field(dialog, 'Completion date'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter the completion date to approve.');
    expect(decisions(calls)).toEqual([]);

    fireEvent.change(field(dialog, 'Completion date'), { target: { value: '2026-10-01' } });
    fireEvent.change(field(dialog, 'Expiry date'), { target: { value: '2027-10-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect((await within(dialog).findByText('Expires on must be after the completion date.')).closest('[role="alert"]')).toBeTruthy();
  });

  it('"Next item" opens the next entry without deciding', async () => {
    const { calls } = open();
    const dialog = await review('Jane Doe, BLS card');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next item' }));
    await waitFor(() => expect(screen.getByRole('dialog').textContent).toContain('Flu shot: Bob Smith'));
    expect(within(screen.getByRole('dialog')).queryByRole('button', { name: 'Next item' })).toBeNull();
    expect(decisions(calls)).toEqual([]);
  });

  it('approves the selected rows in bulk with their own dates', async () => {
    const { calls } = open();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Jane Doe, BLS card' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Bob Smith, Flu shot' }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve selected (2)' }));
    await waitFor(() =>
      expect(decisions(calls)).toEqual([
        [FIRST, { decision: 'approved', completed_on: '2026-10-01', expires_on: '2028-10-01' }],
        [SECOND, { decision: 'approved', completed_on: '2026-10-15', expires_on: '2027-03-31' }],
      ]),
    );
    expect(await toastText()).toContain('2 items approved.');
  });

  it('offers admins the cohorts by name and the link to the requirement templates', async () => {
    const { calls } = open(
      {
        'GET /api/cohorts/': jsonResponse([
          {
            id: 'cohort-2026-1',
            academic_year: '2026',
            cohort_number: 1,
            program_type: 'diploma',
            program_name: 'Practical Nursing',
            student_count: 2,
            is_active: true,
            start_date: null,
            end_date: null,
          },
        ]),
      },
      asAdmin(),
    );
    expect(await screen.findByRole('option', { name: '2026 Cohort 1 (Practical Nursing)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit the requirement templates' }).getAttribute('href')).toBe('/admin/compliance/requirements');
    expect(calls.some((c) => c.path === '/api/cohorts/')).toBe(true);
  });

  it('says in words when the queue cannot be read, and when it is empty', async () => {
    open({ 'GET /api/compliance/queue/': jsonResponse({ error: 'status: must be pending, expiring or expired' }, 400) });
    expect((await screen.findByText('Status must be pending, expiring or expired.')).closest('[role="alert"]')).toBeTruthy();
  });

  it('shows an empty queue as a sentence', async () => {
    open({ 'GET /api/compliance/queue/': jsonResponse({ results: [], count: 0, next: null }) });
    expect(await screen.findByText('Nothing in the queue for these filters.')).toBeTruthy();
  });
});
