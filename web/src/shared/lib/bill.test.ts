import { describe, expect, it } from 'vitest';
import { billBalance, billCartItems, owedPrograms, programBills, type BillDetails } from './bill';

/** The demo `student`: owes 1500.00 and 4200.00. */
const student: BillDetails = {
  certificate_courses: [{ id: 'nursing-assistant', program_name: 'Nursing Assistant', amount_due: 2400, amount_paid: 900 }],
  diploma_programs: [{ id: 'patient-care-technician', program_name: 'Patient Care Technician', amount_due: 5200, amount_paid: 1000 }],
  associate_programs: [],
  next_due_date: '2026-12-15',
};

describe('bill balance (spec section 4)', () => {
  it('sums due minus paid over the three program lists', () => {
    expect(billBalance(student)).toBe(5700);
    expect(billBalance({ ...student, associate_programs: [{ id: 9, program_name: 'MA(associates)', amount_due: 9800, amount_paid: 0 }] })).toBe(15500);
  });

  it('accepts total_due / total_paid and decimal strings', () => {
    expect(billBalance({ diploma_programs: [{ id: 1, total_due: '1250.50', total_paid: '250.25' }] })).toBe(1000.25);
  });

  it('is 0 for a paid-up student and for empty or missing lists', () => {
    expect(billBalance({ certificate_courses: [{ id: 'p', amount_due: 1500, amount_paid: 1500 }] })).toBe(0);
    expect(billBalance({ certificate_courses: [], diploma_programs: [], associate_programs: [], next_due_date: null })).toBe(0);
    expect(billBalance({})).toBe(0);
  });

  it('lets an overpaid program offset the others', () => {
    expect(billBalance({ certificate_courses: [{ id: 1, amount_due: 100, amount_paid: 150 }], diploma_programs: [{ id: 2, amount_due: 80, amount_paid: 0 }] })).toBe(30);
  });

  it('adds in cents, so no floating-point dust shows', () => {
    expect(
      billBalance({
        certificate_courses: [
          { id: 1, amount_due: 0.1, amount_paid: 0 },
          { id: 2, amount_due: 0.2, amount_paid: 0 },
        ],
      }),
    ).toBe(0.3);
  });
});

describe('program list', () => {
  it('lists programs in certificate, diploma, associates order with their remaining balance', () => {
    const bills = programBills({ ...student, associate_programs: [{ id: 3, program_name: 'MA(associates)', amount_due: 10, amount_paid: 0 }] });
    expect(bills.map((b) => [b.programType, b.programName, b.remaining])).toEqual([
      ['certificate', 'Nursing Assistant', 1500],
      ['diploma', 'Patient Care Technician', 4200],
      ['associates', 'MA(associates)', 10],
    ]);
  });

  it('keeps only programs with a remaining balance above 0 as owed', () => {
    const details: BillDetails = { ...student, certificate_courses: [{ id: 'x', program_name: 'Phlebotomy', amount_due: 1500, amount_paid: 1500 }] };
    expect(owedPrograms(details).map((b) => b.programName)).toEqual(['Patient Care Technician']);
  });
});

describe('"Add bill to cart" items (spec section 4)', () => {
  it('makes one installment item per owed program with the shared next due date', () => {
    expect(billCartItems(student)).toEqual([
      { program_id: 'nursing-assistant', program_type: 'certificate', program_name: 'Nursing Assistant', amount: 1500, payment_type: 'installment', due_date: '2026-12-15' },
      {
        program_id: 'patient-care-technician',
        program_type: 'diploma',
        program_name: 'Patient Care Technician',
        amount: 4200,
        payment_type: 'installment',
        due_date: '2026-12-15',
      },
    ]);
  });

  it('skips paid and overpaid programs', () => {
    const details: BillDetails = {
      certificate_courses: [{ id: 1, program_name: 'Phlebotomy', amount_due: 1500, amount_paid: 1500 }],
      diploma_programs: [{ id: 2, program_name: 'Ultrasound Program', amount_due: 100, amount_paid: 120 }],
      associate_programs: [{ id: 3, program_name: 'MA(associates)', amount_due: 300, amount_paid: 100 }],
      next_due_date: null,
    };
    expect(billCartItems(details)).toEqual([
      { program_id: '3', program_type: 'associates', program_name: 'MA(associates)', amount: 200, payment_type: 'installment', due_date: null },
    ]);
    expect(billCartItems({ ...details, associate_programs: [] })).toEqual([]);
  });

  it('falls back to "Certificate Program", "Diploma Program" and "Associates Program"', () => {
    const details: BillDetails = {
      certificate_courses: [{ id: 1, amount_due: 10, amount_paid: 0 }],
      diploma_programs: [{ id: 2, program_name: '', amount_due: 20, amount_paid: 0 }],
      associate_programs: [{ id: 3, program_name: null, total_due: 30, total_paid: 0 }],
    };
    expect(billCartItems(details).map((item) => item.program_name)).toEqual(['Certificate Program', 'Diploma Program', 'Associates Program']);
  });
});
