import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PlanTemplatesRequest } from '#contract/payment-plans';
import { asAdmin, fill, jsonResponse, sampleUser, signedIn, stubApi, tableRows, toastText, type Answer, type ApiCall } from '../../testing/test-utils';
import { renderApp } from '../../testing/renderApp';
import { asFinance, holdRules, monthly, planSettings, semester } from './plansTestData';

const URL = '/api/payment-plan-templates/';

/** The page as finance staff; the PUT stores the set it was sent, new templates given ids, at the next version, and GET answers it. */
function open(answers: Record<string, Answer> = {}, state = asFinance()) {
  let settings = planSettings();
  const calls = stubApi({
    [`GET ${URL}`]: () => jsonResponse(settings),
    [`PUT ${URL}`]: ({ body }) => {
      const sent = body as PlanTemplatesRequest;
      settings = {
        templates: sent.templates.map((t, i) => ({ id: `new-${i}`, ...t })) as typeof settings.templates,
        hold_rules: sent.hold_rules as typeof settings.hold_rules,
        version: sent.version + 1,
      };
      return jsonResponse(settings);
    },
    ...answers,
  });
  const view = renderApp('/finance/payment-plans', { preloadedState: state });
  return { calls, ...view };
}

const puts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'PUT').map((c) => c.body as PlanTemplatesRequest);
const dialogAlert = (dialog: HTMLElement) => within(dialog).getByRole('alert').textContent;

describe('Payment Plans settings', { timeout: 20_000 }, () => {
  it('lists every template with its terms and whether it is offered', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Plans' })).toBeTruthy();
    await screen.findByRole('button', { name: 'Edit Monthly' });
    expect(tableRows('Plan templates').map((cells) => cells.slice(0, 10))).toEqual([
      ['Monthly', '10%', '6', '1', '$25.00', '$15.00', '5', '$30.00', 'Certificate, Diploma', 'Active'],
      ['Semester', '0%', '4', '15', '$0.00', '$20.00', '10', '$0.00', 'Associates', 'Inactive'],
    ]);
  });

  it('adds a plan: the whole set goes with the kept ids, the new one without', async () => {
    const { calls } = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Add plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'New payment plan' });
    fill(dialog, { Name: 'Quarterly', 'Down payment (%)': '20', Installments: '3', 'Day of month': '10' });
    fill(dialog, { 'Setup fee ($)': '$1,000', 'Late fee ($)': '12.5', 'Grace days': '7', 'Returned-payment fee ($)': '35' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Diploma' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Certificate' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts(calls)).toEqual([
      {
        templates: [
          monthly,
          semester,
          {
            name: 'Quarterly',
            down_payment_percent: 20,
            installments: 3,
            day_of_month: 10,
            setup_fee: 1000,
            grace_days: 7,
            late_fee: 12.5,
            returned_payment_fee: 35,
            program_types: ['certificate', 'diploma'],
            active: true,
          },
        ],
        hold_rules: holdRules,
        version: 4,
      },
    ]);
    expect(await toastText()).toContain('Quarterly added.');
  });

  it('edits a plan, keeping its id', async () => {
    const { calls } = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Semester' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Semester' });
    expect((within(dialog).getByLabelText('Late fee ($)') as HTMLInputElement).value).toBe('20.00');
    fill(dialog, { Installments: '8' });
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Active (offered to students)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts(calls)).toEqual([{ templates: [monthly, { ...semester, installments: 8, active: true }], hold_rules: holdRules, version: 4 }]);
    expect(await toastText()).toContain('Semester saved.');
  });

  it('removes a plan once confirmed, sending the rest', async () => {
    const { calls } = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Monthly' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove payment plan' });
    expect(confirm.textContent).toContain('Remove Monthly?');
    expect(puts(calls)).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]).toEqual({ templates: [semester], hold_rules: holdRules, version: 4 });
    expect(await toastText()).toContain('Monthly removed.');
  });

  it('checks the fields against the contract in plain sentences before sending anything', async () => {
    const { calls } = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Add plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'New payment plan' });
    const save = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save plan' }));
    // what is typed next, and the first problem the dialog then names
    const steps: [Record<string, string>, string][] = [
      [{}, 'Name is required.'],
      [{ Name: 'Weekly', Installments: '30' }, 'Installments must be a whole number from 1 to 24.'],
      [{ Installments: '2.5' }, 'Installments must be a whole number from 1 to 24.'],
      [{ Installments: '12', 'Day of month': '31' }, 'Day of month must be a whole number from 1 to 28.'],
      [{ 'Day of month': '28', 'Late fee ($)': '5000' }, 'Late fee must be an amount from 0.00 to 1000.00.'],
      [{ 'Late fee ($)': '' }, 'Late fee is required.'],
      [{ 'Late fee ($)': '10' }, 'Program types must name at least one program type.'],
    ];
    for (const [typed, problem] of steps) {
      fill(dialog, typed);
      save();
      expect(dialogAlert(dialog)).toBe(problem);
    }
    fill(dialog, { Name: 'monthly' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Associates' }));
    save();
    await waitFor(() => expect(dialogAlert(dialog)).toBe('There is already a plan named Monthly.'));
    expect(puts(calls)).toEqual([]);
  });

  it("shows the server's refusal as a sentence and keeps the dialog open", async () => {
    open({ [`PUT ${URL}`]: jsonResponse({ error: 'templates.2.installments: must be a whole number from 1 to 24' }, 400) });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Monthly' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Monthly' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save plan' }));
    await waitFor(() => expect(dialogAlert(dialog)).toBe('Installments must be a whole number from 1 to 24.'));
    expect(screen.getByRole('dialog', { name: 'Edit Monthly' })).toBeTruthy();
  });

  it('says a conflicting removal in words on the page', async () => {
    open({ [`PUT ${URL}`]: jsonResponse({ error: 'The plan templates changed since they were read; reload and try again' }, 409) });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Semester' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Remove payment plan' })).getByRole('button', { name: 'Remove' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The plan templates changed since they were read; reload and try again');
  });

  it('saves the hold rules with the templates as they are, and says what a hold never blocks', async () => {
    const { calls } = open();
    const card = await screen.findByRole('region', { name: 'Hold rules' });
    expect(card.textContent).toContain('A hold never blocks paying, viewing the bill or a student’s own records.');
    expect(card.textContent).toContain('There are no transcript holds');
    expect((within(card).getByRole('checkbox', { name: 'New payment plans' }) as HTMLInputElement).checked).toBe(true);
    expect((within(card).getByRole('checkbox', { name: 'Clinical clearance' }) as HTMLInputElement).checked).toBe(false);
    expect((within(card).getByLabelText('Balance threshold ($)') as HTMLInputElement).value).toBe('500.00');

    fill(card, { 'Days an installment may be past due': '400' });
    fireEvent.click(within(card).getByRole('button', { name: 'Save hold rules' }));
    expect(within(card).getByRole('alert').textContent).toBe('Days an installment may be past due must be a whole number from 0 to 365.');
    fill(card, { 'Days an installment may be past due': '14', 'Balance threshold ($)': '0' });
    fireEvent.click(within(card).getByRole('button', { name: 'Save hold rules' }));
    expect(within(card).getByRole('alert').textContent).toBe('Balance threshold must be an amount above 0.00.');
    fill(card, { 'Balance threshold ($)': '750', 'Days a balance may be past due': '60' });
    fireEvent.click(within(card).getByRole('checkbox', { name: 'Clinical clearance' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Save hold rules' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]).toEqual({
      templates: [monthly, semester],
      hold_rules: { installment_past_due_days: 14, balance_past_due: { threshold: 750, days: 60 }, blocks: { plan_enrollment: true, clinical_clearance: true } },
      version: 4,
    });
    expect(await toastText()).toContain('Hold rules saved.');

    // the balance rule off: null
    fireEvent.click(within(screen.getByRole('region', { name: 'Hold rules' })).getByRole('switch', { name: 'Also hold a balance outside any plan' }));
    fireEvent.click(within(screen.getByRole('region', { name: 'Hold rules' })).getByRole('button', { name: 'Save hold rules' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]?.hold_rules.balance_past_due).toBeNull();
    // the second save names the version the first one's answer gave, even before the settings are read again
    expect(puts(calls)[1]?.version).toBe(5);
  });

  it('says so when another person saved meanwhile, and shows the settings as they are now', async () => {
    const changed = 'The plan settings were changed by someone else since you opened them. Their changes are shown now: make yours again.';
    let reads = 0;
    open({
      [`GET ${URL}`]: () =>
        jsonResponse(++reads === 1 ? planSettings() : planSettings({ templates: [monthly, semester, { ...monthly, id: 'tpl-weekly', name: 'Weekly' }], version: 5 })),
      [`PUT ${URL}`]: jsonResponse({ error: changed }, 409),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Monthly' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Remove payment plan' })).getByRole('button', { name: 'Remove' }));
    expect((await screen.findByText(changed)).closest('[role="alert"]')).not.toBeNull();
    // their plan is shown now, and Monthly is still there
    expect(await screen.findByRole('button', { name: 'Edit Weekly' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Monthly' })).toBeTruthy();
  });

  it('opens to admins', async () => {
    open({}, asAdmin());
    expect(await screen.findByRole('button', { name: 'Edit Monthly' })).toBeTruthy();
  });

  it('keeps students out', async () => {
    stubApi({});
    const { router } = renderApp('/finance/payment-plans', { preloadedState: signedIn(sampleUser()) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/Dashboard'));
  });
});
