/**
 * The sandbox's stand-in for the 3D Secure test page. An intent that needs its card holder answers
 * status requires_action with next_action redirect_to_url (https://docs.stripe.com/api/payment_intents/object#payment_intent_object-next_action-redirect_to_url),
 * whose url is the sandbox page GET /local/stripe/__control/authenticate/<pi_ or seti_ id>: like
 * Stripe's test page it offers "Complete authentication" and "Fail authentication"
 * (https://docs.stripe.com/testing#regulatory-cards). Its POST settles the intent (intents.ts,
 * setup-intents.ts) and sends the browser to return_url with the query Stripe adds:
 * payment_intent, payment_intent_client_secret and redirect_status (succeeded|failed), or the
 * setup_intent equivalents (https://docs.stripe.com/payments/payment-intents/verifying-status#checking-status-retrieve;
 * https://docs.stripe.com/js/setup_intents/confirm_setup "redirect_status").
 */
import type { NextAction } from './objects.js';

export const AUTHENTICATE_PATH = '/__control/authenticate';

export function redirectAction(origin: string, prefix: string, id: string, returnUrl: string | null): NextAction {
  return { type: 'redirect_to_url', redirect_to_url: { url: `${origin}${prefix}${AUTHENTICATE_PATH}/${id}`, return_url: returnUrl } };
}

/** Where the browser goes after the page: return_url plus Stripe's query, or null when there is none. */
export function returnTo(returnUrl: string | null, kind: 'payment_intent' | 'setup_intent', id: string, clientSecret: string, succeeded: boolean): string | null {
  if (!returnUrl) return null;
  const url = new URL(returnUrl);
  url.searchParams.set(kind, id);
  url.searchParams.set(`${kind}_client_secret`, clientSecret);
  url.searchParams.set('redirect_status', succeeded ? 'succeeded' : 'failed');
  return url.toString();
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page: no external assets, one form per outcome. */
export function authenticationPage(id: string, amount: string | null, pending: boolean): string {
  const body = pending
    ? `<p>Test authentication for <code>${escape(id)}</code>${amount ? ` (${escape(amount)})` : ''}.</p>
  <form method="post"><input type="hidden" name="outcome" value="complete"><button type="submit">Complete authentication</button></form>
  <form method="post"><input type="hidden" name="outcome" value="fail"><button type="submit">Fail authentication</button></form>`
    : `<p><code>${escape(id)}</code> is not waiting for authentication.</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>3D Secure test page (Stripe sandbox)</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem}form{display:inline-block;margin:.5rem .5rem 0 0}button{font-size:1rem;padding:.5rem 1rem}</style>
</head><body><h1>3D Secure 2 test page</h1>
  ${body}
</body></html>`;
}
