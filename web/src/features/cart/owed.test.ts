import { describe, expect, it } from 'vitest';
import { paymentItems } from './cartLines';
import { nursingAssistant, owing, patientCareTechnician, studentRecord } from './cartTestData';
import { amountProblem, belowMinimumText, cartFix, cartProblems, owedByProgram, owedFor } from './owed';
import { intentFailure } from './usePaymentIntent';

const owed = owedByProgram(studentRecord([owing(nursingAssistant, 1500), owing(patientCareTechnician, 0)]).payment_details);

describe('what is owed', () => {
  it('reads amount_due - amount_paid per program from the student record, never below 0', () => {
    const record = studentRecord([{ ...owing(nursingAssistant, 0), amount_due: 100, amount_paid: 250 }]);
    expect(owedFor(nursingAssistant, owedByProgram(record.payment_details))).toBe(0);
    expect(owedFor(nursingAssistant, owed)).toBe(1500);
    expect(owedFor({ ...nursingAssistant, program_id: 'other' }, owed)).toBe(0);
    expect(owedFor(nursingAssistant, null)).toBeNull();
  });

  it('finds nothing wrong at or below what is owed, and nothing at all while the record is unknown', () => {
    expect(cartProblems([{ ...nursingAssistant, amount: 750, quantity: 2 }], owed)).toEqual([]);
    expect(cartProblems([{ ...nursingAssistant, quantity: 5 }], null)).toEqual([]);
  });

  it("sums a program's lines (a cart stored before merging) and fixes them into one line of what is owed", () => {
    const second = { ...nursingAssistant, id: 'certificate-1-2', amount: 100 };
    const problems = cartProblems([nursingAssistant, second, patientCareTechnician], owed);
    expect(problems.map((p) => [p.kind, p.programName, p.asked, p.owed])).toEqual([
      ['over', 'Nursing Assistant', 1600, 1500],
      ['nothing_owed', 'Patient Care Technician', 4200, 0],
    ]);
    expect(cartFix(problems)).toEqual({
      set: [{ id: nursingAssistant.id, amount: 1500, quantity: 1 }],
      remove: ['certificate-1-2', patientCareTechnician.id],
    });
    expect(paymentItems([nursingAssistant, second])).toEqual([{ program_type: 'certificate', program_id: '1', amount: 1600 }]);
  });

  it('says when the total is under the $0.50 card minimum', () => {
    expect(belowMinimumText(0.49)).toMatch(/^Card payments must be at least \$0\.50, and your cart comes to \$0\.49\./);
    expect(belowMinimumText(0.5)).toBeNull();
    expect(belowMinimumText(0)).toBeNull();
  });

  it.each([
    ['1500', 1500, null],
    ['$1,200.50', 1500, null],
    ['.99', 0.99, null],
    ['0.99', 1500, 'Enter an amount of at least $1.00'],
    ['0.30', 0.3, null],
    ['0.29', 0.3, 'Enter an amount of at least $0.30'],
    ['1500.01', 1500, 'You owe $1,500.00 for Nursing Assistant; enter at most that'],
    ['5', 0, 'You owe nothing for Nursing Assistant now'],
    ['5000', null, null],
    ['1e3', null, 'Enter the amount as a number, such as 250.00'],
    ['-5', null, 'Enter the amount as a number, such as 250.00'],
  ])('checks the typed amount "%s" (owed %s)', (typed, owedAmount, problem) => {
    expect(amountProblem(typed, owedAmount, 'Nursing Assistant')).toBe(problem);
  });
});

describe("the server's refusals in plain words", () => {
  it.each([
    [
      'items.0.amount: 3000.00 is more than the 1500.00 owed for Nursing Assistant',
      'Your cart asks for $3,000.00 for Nursing Assistant, but you owe $1,500.00. Nothing was charged: check your cart again.',
      true,
    ],
    ['items.1.program_id: is not a program this student is enrolled in', 'Your cart holds a program you are not enrolled in. Nothing was charged: remove it from your cart.', true],
    ['totalCost: must be at least 0.50', 'Card payments must be at least $0.50.', false],
    ["totalCost: 10.00 does not equal the items' sum of 12.00", 'Your cart changed while the payment was being prepared. Nothing was charged.', true],
    ['payment: Amount must be at least $0.50 usd', null, false],
    ['items.0.amount: must be an amount with at most two decimals', null, false],
    ['This checkout is already closed; reload the page to start a new one', 'This checkout is already closed; reload the page to start a new one', false],
  ])('%s', (reason, text, owedChanged) => {
    expect(intentFailure(reason)).toEqual({ text, owedChanged });
  });
});
