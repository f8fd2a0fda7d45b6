/**
 * POST /api/payment-methods/setup-intent/ — starts saving a card or US bank account for off-session payments (payment
 * plans): the student's Stripe Customer (made when first needed) and a SetupIntent with `usage: off_session`, whose
 * client secret the SPA confirms with Stripe.js (a bank account with its online mandate). Finance and admins may start
 * one for a student they name.
 */
import { SetupIntentRequest, type SetupIntentResponse } from '../../contract/payment-plans.js';
import { Forbidden, NotFound } from '../../domain/errors.js';
import { isAdmin, isFinance } from '../../domain/roles.js';
import { callerOf, route } from '../../http/route.js';
import { parseJsonBody } from '../../http/validate.js';
import { stripe } from '../../store/payment-gateway.js';
import { getStudentProfile } from '../../store/student.js';
import { ensureCustomer } from '../../store/stripe-customer.js';

export const handler = route('payment-methods-setup-intent', async (req) => {
  const caller = callerOf(req);
  const username = (parseJsonBody(req, SetupIntentRequest).username ?? caller.username).toLowerCase();
  if (username !== caller.username && !isFinance(caller.roles) && !isAdmin(caller.roles)) throw new Forbidden();
  const profile = await getStudentProfile(username);
  if (!profile) throw new NotFound('Student not found');
  const customer = await ensureCustomer(profile);
  // automatic payment methods: the card and bank account types turned on for the account (https://docs.stripe.com/api/setup_intents/create)
  const intent = await (await stripe()).setupIntents.create({ customer, usage: 'off_session', metadata: { username } });
  const body: SetupIntentResponse = { setup_intent_id: intent.id, client_secret: intent.client_secret ?? '', customer_id: customer };
  return { body };
});
