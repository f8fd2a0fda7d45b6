/**
 * GET /api/students/{username}/payment-methods/ — the cards and US bank accounts a student has saved (labels only,
 * never numbers). The student's own; finance and admins anyone's, audited as a read of their payments.
 */
import { UsernameParams } from '../../contract/params.js';
import type { PaymentMethodsResponse } from '../../contract/payment-plans.js';
import { Forbidden, NotFound } from '../../domain/errors.js';
import { isAdmin, isFinance } from '../../domain/roles.js';
import { callerOf, route } from '../../http/route.js';
import { parseParams } from '../../http/validate.js';
import { recordStudentRead } from '../../store/audit.js';
import { getStudentProfile } from '../../store/student.js';
import { savedMethods } from '../../store/stripe-customer.js';

export const handler = route('students-payment-methods-list', async (req) => {
  const { username } = parseParams(req, UsernameParams);
  const caller = callerOf(req);
  const own = caller.username === username;
  if (!own && !isFinance(caller.roles) && !isAdmin(caller.roles)) throw new Forbidden();
  const profile = await getStudentProfile(username);
  if (!profile) throw new NotFound('Student not found');
  const methods = profile.stripeCustomerId ? await savedMethods(profile.stripeCustomerId) : [];
  await recordStudentRead(caller.username, username, 'student.payments.read', { detail: { payment_methods: methods.length } });
  const body: PaymentMethodsResponse = { payment_methods: methods };
  return { body };
});
