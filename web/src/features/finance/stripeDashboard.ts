/** The payment in Stripe's dashboard: test-mode keys (pk_test_...) link to test data. */
export function stripePaymentUrl(paymentIntentId: string, publishableKey: string): string {
  const mode = publishableKey.startsWith('pk_test') ? 'test/' : '';
  return `https://dashboard.stripe.com/${mode}payments/${encodeURIComponent(paymentIntentId)}`;
}
