import type { RootState } from '../../app/store';
import { cartReplaced, cartSlice, type CartItem } from './cartSlice';

/** Cart lines for the cart and checkout page tests: the demo student's two owed programs. */
export const nursingAssistant: CartItem = {
  id: 'certificate-1-1767225600000',
  program_id: '1',
  program_type: 'certificate',
  program_name: 'Nursing Assistant',
  amount: 1500,
  payment_type: 'installment',
  due_date: '2026-12-15',
  quantity: 1,
  added_at: '2026-01-01T00:00:00.000Z',
};

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
