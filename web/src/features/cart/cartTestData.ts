import type { RootState } from '#shared/store/state';
import type { ProgramType } from '#contract/programs';
import type { StudentRecord } from '#contract/students';
import { cartReplaced, cartSlice, type CartItem } from '#shared/cart/cartSlice';
import { sampleCartItem } from '../../testing/fixtures';

/** Cart lines for the cart and checkout page tests: the demo student's two owed programs. */
export const nursingAssistant: CartItem = sampleCartItem;

export const patientCareTechnician: CartItem = {
  ...nursingAssistant,
  id: 'diploma-2-1767225600000',
  program_id: '2',
  program_type: 'diploma',
  program_name: 'Patient Care Technician',
  amount: 4200,
  payment_type: 'full',
  due_date: null,
};

export const cartState = (...items: CartItem[]): RootState['cart'] => cartSlice.reducer(undefined, cartReplaced(items));

/** One program of the test student's record: what is due and paid on it. */
interface OwedEntry {
  program_type: ProgramType;
  id: string;
  program_name: string;
  amount_due: number;
  amount_paid: number;
}

/**
 * GET /api/students/student/ as the cart and checkout read it. By default the two programs above,
 * owing exactly their cart amounts: $1,500.00 (Nursing Assistant) and $4,200.00 (Patient Care Technician).
 */
export function studentRecord(entries: OwedEntry[] = [owing(nursingAssistant, 1500), owing(patientCareTechnician, 4200)]): StudentRecord {
  const list = (type: ProgramType) => entries.filter((entry) => entry.program_type === type).map((entry) => ({ ...entry, next_due_date: null, payment_history: [] }));
  return {
    id: 'u-1',
    username: 'student',
    first_name: 'Jane',
    last_name: 'Doe',
    email: 'student@example.edu',
    phone_number: null,
    created_at: '2025-09-01T00:00:00.000Z',
    on_payment_plan: false,
    program: 'Nursing Assistant',
    program_type: 'certificate',
    cohort_id: null,
    sign_in_enabled: true,
    payment_details: {
      certificate_courses: list('certificate'),
      diploma_programs: list('diploma'),
      associate_programs: list('associates'),
      next_due_date: null,
    },
  };
}

/** A program of the record owing `owed` (due `owed` + 900, paid 900). */
export function owing(item: Pick<CartItem, 'program_type' | 'program_id' | 'program_name'>, owed: number): OwedEntry {
  return { program_type: item.program_type, id: item.program_id, program_name: item.program_name, amount_due: owed + 900, amount_paid: 900 };
}
