/**
 * DELETE /api/students/{username}/payment-methods/{id}/ — removes a saved card or bank account (detached from the
 * student's Stripe Customer). Refused (409) while an active plan's autopay debits it: the student chooses another
 * method for the plan first. The student's own; finance and admins for a student, audited.
 */
import { PaymentMethodParams } from '../../contract/params.js';
import { Conflict, Forbidden, NotFound } from '../../domain/errors.js';
import { isAdmin, isFinance } from '../../domain/roles.js';
import { callerOf, route } from '../../http/route.js';
import { parseParams } from '../../http/validate.js';
import { recordEntry } from '../../store/audit.js';
import { stripe } from '../../store/payment-gateway.js';
import { holdsProgram, studentBillAndPlans } from '../../store/payment-plan.js';
import { customerMethod } from '../../store/stripe-customer.js';

export const handler = route('students-payment-methods-delete', async (req) => {
  const { username, id } = parseParams(req, PaymentMethodParams);
  const caller = callerOf(req);
  if (caller.username !== username && !isFinance(caller.roles) && !isAdmin(caller.roles)) throw new Forbidden();
  const found = await studentBillAndPlans(username);
  if (!found) throw new NotFound('Student not found');
  const customer = found.ledger.profile.stripeCustomerId;
  const method = customer ? await customerMethod(customer, id) : null;
  if (!method) throw new NotFound('Payment method not found');
  const inUse = found.plans.find((p) => holdsProgram(p.status) && p.autopay && p.paymentMethod?.id === id);
  if (inUse) throw new Conflict(`${method.label} pays the ${inUse.programName} plan: choose another payment method for the plan first`);
  // recorded before it is asked for, as a refund is: a change made at Stripe is never missing from the log
  await recordEntry({ actor: caller.username, action: 'payment-method.remove', entityType: 'student', entityId: username, after: { payment_method: method.label } });
  await (await stripe()).paymentMethods.detach(id);
  return { body: { removed: true, id } };
});
