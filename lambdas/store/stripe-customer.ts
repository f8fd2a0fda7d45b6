/**
 * A student's Stripe Customer and the cards and bank accounts saved on it (for payment plans). The customer is made
 * when first needed, with an idempotency key of the student's, and its id kept on the profile on a condition, so two
 * requests at once keep one customer.
 */
import type Stripe from 'stripe';
import type { SavedPaymentMethod } from '../contract/payment-plans.js';
import { getItem, updateIf } from './dynamo.js';
import { stripe } from './payment-gateway.js';
import { StudentProfile, studentKeys, type StudentProfileRecord } from './student.js';

export async function ensureCustomer(profile: StudentProfileRecord): Promise<string> {
  if (profile.stripeCustomerId) return profile.stripeCustomerId;
  const customer = await (
    await stripe()
  ).customers.create(
    { email: profile.email, name: `${profile.firstName} ${profile.lastName}`, metadata: { username: profile.username } },
    { idempotencyKey: `customer#${profile.username}` },
  );
  const kept = await updateIf({
    Key: studentKeys.profile(profile.username),
    UpdateExpression: 'SET stripeCustomerId = :id',
    ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(stripeCustomerId)',
    ExpressionAttributeValues: { ':id': customer.id },
  });
  if (kept) return customer.id;
  // another request kept one first: use it
  const stored = await getItem(studentKeys.profile(profile.username), { consistent: true });
  return (stored && StudentProfile.fromItem(stored).stripeCustomerId) || customer.id;
}

const brand = (b: string) => (b === 'amex' ? 'American Express' : b.charAt(0).toUpperCase() + b.slice(1));

/** "Visa •••• 4242", "STRIPE TEST BANK •••• 6789": how the student recognises a saved method, never its number. */
export function savedMethod(pm: Stripe.PaymentMethod): SavedPaymentMethod | null {
  if (pm.type === 'card' && pm.card) return { id: pm.id, type: 'card', label: `${brand(pm.card.brand)} •••• ${pm.card.last4}` };
  if (pm.type === 'us_bank_account' && pm.us_bank_account)
    return { id: pm.id, type: 'us_bank_account', label: `${pm.us_bank_account.bank_name ?? 'Bank account'} •••• ${pm.us_bank_account.last4}` };
  return null;
}

/** The cards and US bank accounts saved on the customer. */
export async function savedMethods(customerId: string): Promise<SavedPaymentMethod[]> {
  const found: SavedPaymentMethod[] = [];
  for await (const pm of (await stripe()).customers.listPaymentMethods(customerId, { limit: 100 })) {
    const saved = savedMethod(pm);
    if (saved) found.push(saved);
  }
  return found;
}

/** One of the customer's saved methods, or null when the id names none of theirs (another's, detached, unknown). */
export async function customerMethod(customerId: string, paymentMethodId: string): Promise<SavedPaymentMethod | null> {
  try {
    const pm = await (await stripe()).paymentMethods.retrieve(paymentMethodId);
    return pm.customer === customerId || (typeof pm.customer === 'object' && pm.customer?.id === customerId) ? savedMethod(pm) : null;
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) return null;
    throw error;
  }
}
